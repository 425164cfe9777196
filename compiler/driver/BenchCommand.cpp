//===- BenchCommand.cpp - weft bench --------------------------------------===//
//
// `weft bench ENGINE`: runs the engine repeatedly on the same inputs (given
// or seeded random) after a warm-up and prints latency statistics (median,
// p90, p99, min, mean, max), the throughput and the peak resident memory;
// --json writes them with every latency. Without --iterations or
// --duration it runs for 3 s and at least 10 times.
//
// --serve is for bench/compare-ort, which alternates Weft and ONNX Runtime
// runs: it answers stdin commands with JSON lines (`run N` -> the N
// latencies, `quit` -> peak and baseline RSS), as test/reference/ort-run.js
// --serve does.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/EngineRunner.h"
#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Subcommands.h"
#include "compiler/driver/Units.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/resource.h>

#include <chrono>
#include <iostream>
#include <sstream>

namespace cl = llvm::cl;

namespace weft::driver {

cl::SubCommand benchCommand("bench", "measure an engine's latency");
cl::OptionCategory benchCategory("weft bench options");

namespace {

cl::opt<std::string> enginePath(cl::Positional, cl::Required,
                                cl::desc("<engine>"), cl::sub(benchCommand),
                                cl::cat(benchCategory));

cl::list<std::string>
    inputFlags("input",
               cl::desc("bind input NAME to a .npy file (repeatable); inputs "
                        "not given get seeded random data"),
               cl::value_desc("NAME=FILE.npy"), cl::sub(benchCommand),
               cl::cat(benchCategory));

cl::opt<uint64_t> seed("seed",
                       cl::desc("seed of the random inputs (default 0)"),
                       cl::value_desc("N"), cl::init(0), cl::sub(benchCommand),
                       cl::cat(benchCategory));

cl::opt<int> threads("threads",
                     cl::desc("threads to run on (default 0: all cores)"),
                     cl::value_desc("N"), cl::init(0), cl::sub(benchCommand),
                     cl::cat(benchCategory));

cl::opt<int> warmup("warmup", cl::desc("untimed runs first (default 10)"),
                    cl::value_desc("N"), cl::init(10), cl::sub(benchCommand),
                    cl::cat(benchCategory));

cl::opt<int> iterations("iterations", cl::desc("timed runs"),
                        cl::value_desc("N"), cl::sub(benchCommand),
                        cl::cat(benchCategory));

cl::opt<double> duration("duration",
                         cl::desc("run for S seconds (default 3, and at least "
                                  "10 runs)"),
                         cl::value_desc("S"), cl::sub(benchCommand),
                         cl::cat(benchCategory));

cl::opt<std::string> jsonPath("json",
                              cl::desc("also write the results, every "
                                       "latency included, as JSON to FILE"),
                              cl::value_desc("FILE"), cl::sub(benchCommand),
                              cl::cat(benchCategory));

cl::opt<bool> serve("serve",
                    cl::desc("answer `run N` / `quit` lines on stdin with "
                             "JSON (for bench/compare-ort)"),
                    cl::Hidden, cl::sub(benchCommand), cl::cat(benchCategory));

constexpr double kDefaultSeconds = 3;
constexpr int kDefaultMinRuns = 10;

int64_t peakRssKb() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss; // kilobytes on Linux
}

int64_t currentRssKb() {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> status =
      llvm::MemoryBuffer::getFileAsStream("/proc/self/status");
  if (!status)
    return 0;
  llvm::StringRef text = (*status)->getBuffer();
  size_t at = text.find("VmRSS:");
  if (at == llvm::StringRef::npos)
    return 0;
  int64_t kb = 0;
  text.drop_front(at + 6).ltrim().consumeInteger(10, kb);
  return kb;
}

llvm::Error checkFlags() {
  auto bad = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (iterations.getNumOccurrences() && duration.getNumOccurrences())
    return bad("give --iterations or --duration, not both");
  if (iterations.getNumOccurrences() && iterations < 1)
    return bad("--iterations must be at least 1");
  if (duration.getNumOccurrences() && !(duration > 0))
    return bad("--duration must be more than 0 seconds");
  if (warmup < 0)
    return bad("--warmup must be 0 or more");
  return llvm::Error::success();
}

/// The timed runs: --iterations, or until --duration (or the default time
/// and run count) is reached.
llvm::Expected<std::vector<double>> timeRuns(EngineRunner &runner) {
  std::vector<double> latencies;
  bool byCount = iterations.getNumOccurrences() > 0;
  double seconds = duration.getNumOccurrences() ? duration : kDefaultSeconds;
  int minRuns = duration.getNumOccurrences() ? 1 : kDefaultMinRuns;
  auto start = std::chrono::steady_clock::now();
  while (true) {
    if (byCount && static_cast<int>(latencies.size()) >= iterations)
      break;
    if (!byCount && static_cast<int>(latencies.size()) >= minRuns &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                .count() >= seconds)
      break;
    llvm::Expected<double> latency = runner.run();
    if (!latency)
      return latency.takeError();
    latencies.push_back(*latency);
  }
  return latencies;
}

int serveCommands(EngineRunner &runner, int64_t baselineKb) {
  llvm::outs() << "{\"ready\":true}\n";
  llvm::outs().flush();
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    int count = 1;
    words >> command;
    if (!(words >> count) || count < 1)
      count = 1;
    if (command == "run") {
      llvm::json::Array latencies;
      for (int i = 0; i < count; ++i) {
        llvm::Expected<double> latency = runner.run();
        if (!latency)
          return reportError(toString(latency.takeError()));
        latencies.push_back(*latency);
      }
      llvm::outs() << llvm::json::Value(llvm::json::Object{
                          {"latencies_ms", std::move(latencies)}})
                   << "\n";
    } else if (command == "quit") {
      llvm::outs() << llvm::json::Value(
                          llvm::json::Object{{"peak_rss_kb", peakRssKb()},
                                             {"baseline_rss_kb", baselineKb}})
                   << "\n";
      llvm::outs().flush();
      return 0;
    } else if (!command.empty()) {
      llvm::outs() << llvm::json::Value(llvm::json::Object{
                          {"error", "unknown command '" + command + "'"}})
                   << "\n";
    }
    llvm::outs().flush();
  }
  return 0;
}

int writeJson(const std::vector<double> &latencies, const LatencyStats &stats,
              int actualThreads) {
  llvm::json::Object result{
      {"engine", enginePath.getValue()},
      {"threads", actualThreads},
      {"warmup", warmup.getValue()},
      {"iterations", stats.count},
      {"latencies_ms", llvm::json::Array(latencies)},
      {"median_ms", stats.median},
      {"p90_ms", stats.p90},
      {"p99_ms", stats.p99},
      {"min_ms", stats.min},
      {"mean_ms", stats.mean},
      {"max_ms", stats.max},
      {"throughput_per_s", stats.mean > 0 ? 1000.0 / stats.mean : 0.0},
      {"peak_rss_kb", peakRssKb()},
  };
  std::error_code ec;
  llvm::raw_fd_ostream os(jsonPath, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return reportError("cannot write '" + jsonPath + "': " + ec.message());
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(result))) << "\n";
  return 0;
}

} // namespace

int runBenchCommand() {
  if (llvm::Error err = checkFlags())
    return reportError(toString(std::move(err)));
  int64_t baselineKb = currentRssKb();
  EngineRunner runner;
  if (llvm::Error err = runner.load(enginePath, threads, /*profiling=*/false))
    return reportError(toString(std::move(err)));
  if (llvm::Error err = runner.prepareInputs(inputFlags, seed))
    return reportError(toString(std::move(err)));
  if (llvm::Error err = runner.bindInputs())
    return reportError(toString(std::move(err)));
  if (serve)
    return serveCommands(runner, baselineKb);

  for (int i = 0; i < warmup; ++i)
    if (llvm::Expected<double> latency = runner.run(); !latency)
      return reportError(toString(latency.takeError()));
  llvm::Expected<std::vector<double>> latencies = timeRuns(runner);
  if (!latencies)
    return reportError(toString(latencies.takeError()));
  LatencyStats stats = computeLatencyStats(*latencies);
  int actualThreads = runner.getContext().threads();
  double total = stats.mean * stats.count / 1000;

  llvm::outs() << "weft bench: " << enginePath << ", " << actualThreads
               << (actualThreads == 1 ? " thread, " : " threads, ") << warmup
               << " warm-up + " << stats.count << " timed runs ("
               << formatSeconds(total) << ")\n";
  llvm::outs() << "  median " << formatMilliseconds(stats.median) << "  p90 "
               << formatMilliseconds(stats.p90) << "  p99 "
               << formatMilliseconds(stats.p99) << "  min "
               << formatMilliseconds(stats.min) << "  mean "
               << formatMilliseconds(stats.mean) << "  max "
               << formatMilliseconds(stats.max) << "\n";
  llvm::outs() << "  throughput "
               << llvm::format("%.1f", stats.mean > 0 ? 1000 / stats.mean : 0)
               << " inferences/s (one at a time), peak RSS "
               << formatBytes(peakRssKb() * 1024) << "\n";
  if (!jsonPath.empty())
    return writeJson(*latencies, stats, actualThreads);
  return 0;
}

} // namespace weft::driver
