#!/usr/bin/env node
// ort-run.js: runs an ONNX model with ONNX Runtime (the npm package
// onnxruntime-node, Weft's numeric reference) on inputs given as .npy files.
//
//   node ort-run.js MODEL.onnx [--input NAME=FILE.npy ...] [--output-dir DIR]
//                   [--threads N]     (N = 0: ONNX Runtime's default)
//       runs once and writes each output as DIR/<sanitized name>.npy
//   node ort-run.js MODEL.onnx [--input ...] --bench [--warmup N]
//                   [--iterations N] [--threads N]
//       times N runs; prints one JSON object: latencies_ms (per iteration),
//       median_ms, peak_rss_kb, baseline_rss_kb (before the model was loaded)
//   node ort-run.js MODEL.onnx [--input ...] --serve [--threads N]
//       reads commands from stdin, one a line, and answers each with one
//       JSON line: `run N` times N runs ({"latencies_ms": [...]}), `quit`
//       prints {"peak_rss_kb": ..., "baseline_rss_kb": ...} and exits
//       (bench/compare-ort alternates ORT and Weft runs with it)
//   node ort-run.js --install
//       installs onnxruntime-node into the cache (done lazily otherwise) and
//       prints the cache folder
//   node ort-run.js MODEL.onnx --list
//       prints the model's inputs and outputs as JSON
//
// An input the command line does not give is an error: the caller (weft
// verify, the benchmark) makes the inputs, so both sides see the same bytes.
// Output names are sanitized the way `weft run` does it: every character
// outside [A-Za-z0-9._-] becomes '_', and a name that is empty or starts
// with '.' gets a leading '_'.
//
// onnxruntime-node@1.30.0 is installed with `npm install --ignore-scripts`
// into $WEFT_NPM_CACHE (default ~/.cache/weft/npm), never into the source
// tree; the package carries the Linux x64 CPU library itself
// (bin/napi-v6/linux/x64/libonnxruntime.so.1), so no install script runs.

'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ORT_PACKAGE = 'onnxruntime-node';
const ORT_VERSION = '1.30.0';

class UsageError extends Error {}

function fail(message) {
  process.stderr.write(`ort-run: error: ${message}\n`);
  process.exit(1);
}

// --- The onnxruntime-node package ------------------------------------------

function cacheDir() {
  const env = process.env.WEFT_NPM_CACHE;
  if (env) return path.resolve(env);
  return path.join(os.homedir(), '.cache', 'weft', 'npm');
}

function packageDir() {
  return path.join(cacheDir(), 'node_modules', ORT_PACKAGE);
}

function installedVersion() {
  try {
    const pkg = JSON.parse(
        fs.readFileSync(path.join(packageDir(), 'package.json'), 'utf8'));
    return pkg.version;
  } catch (e) {
    return null;
  }
}

// Installs the pinned version into the cache when it is not there yet.
function ensureOrt() {
  if (installedVersion() !== ORT_VERSION) {
    const dir = cacheDir();
    fs.mkdirSync(dir, {recursive: true});
    process.stderr.write(
        `ort-run: installing ${ORT_PACKAGE}@${ORT_VERSION} into ${dir}\n`);
    const result = childProcess.spawnSync(
        'npm',
        [
          'install', '--ignore-scripts', '--no-audit', '--no-fund',
          '--no-save', '--prefix', dir, `${ORT_PACKAGE}@${ORT_VERSION}`
        ],
        {stdio: ['ignore', process.stderr, process.stderr]});
    if (result.error || result.status !== 0)
      fail(`npm install ${ORT_PACKAGE}@${ORT_VERSION} failed` +
           (result.error ? `: ${result.error.message}` : ''));
    if (installedVersion() !== ORT_VERSION)
      fail(`npm installed no ${ORT_PACKAGE}@${ORT_VERSION} in ${dir}`);
  }
  const binding = path.join(packageDir(), 'bin', 'napi-v6', process.platform,
                            process.arch, 'onnxruntime_binding.node');
  if (!fs.existsSync(binding))
    fail(`${ORT_PACKAGE}@${ORT_VERSION} has no CPU binding for ` +
         `${process.platform}/${process.arch} (${binding})`);
  return require(packageDir());
}

// --- .npy files --------------------------------------------------------------

// numpy descr (little-endian or byte-less) -> [ORT type, bytes, typed array].
const NPY_TYPES = {
  'f4': ['float32', 4, Float32Array],
  'f2': ['float16', 2, Uint16Array],
  'f8': ['float64', 8, Float64Array],
  'i8': ['int64', 8, BigInt64Array],
  'i4': ['int32', 4, Int32Array],
  'i2': ['int16', 2, Int16Array],
  'i1': ['int8', 1, Int8Array],
  'u8': ['uint64', 8, BigUint64Array],
  'u4': ['uint32', 4, Uint32Array],
  'u2': ['uint16', 2, Uint16Array],
  'u1': ['uint8', 1, Uint8Array],
  'b1': ['bool', 1, Uint8Array],
};
const ORT_TO_DESCR = {};
for (const [code, [type, size]] of Object.entries(NPY_TYPES))
  ORT_TO_DESCR[type] = (size === 1 ? '|' : '<') + code;

const NPY_MAGIC = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]);

// Parses a .npy file into {type, shape, data (a typed array)}.
function readNpy(file) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw new UsageError(`cannot read '${file}': ${e.message}`);
  }
  const bad = (why) => new UsageError(`'${file}' is not a valid .npy file: ${why}`);
  if (bytes.length < 10 || !bytes.subarray(0, 6).equals(NPY_MAGIC))
    throw bad('no .npy magic');
  const major = bytes[6];
  let headerLen, headerStart;
  if (major === 1) {
    headerLen = bytes.readUInt16LE(8);
    headerStart = 10;
  } else if (major === 2 || major === 3) {
    if (bytes.length < 12) throw bad('truncated header');
    headerLen = bytes.readUInt32LE(8);
    headerStart = 12;
  } else {
    throw bad(`unsupported format version ${major}`);
  }
  if (headerStart + headerLen > bytes.length) throw bad('truncated header');
  const header = bytes.subarray(headerStart, headerStart + headerLen).toString('latin1');
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header);
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header);
  const shapeMatch = /'shape'\s*:\s*\(([^)]*)\)/.exec(header);
  if (!descr || !fortran || !shapeMatch) throw bad('malformed header');
  if (fortran[1] === 'True') throw bad('fortran_order arrays are not supported');
  const order = descr[1][0];
  const code = descr[1].slice(1);
  if (!(code in NPY_TYPES) || order === '>' ||
      (order === '|' && NPY_TYPES[code][1] !== 1))
    throw bad(`unsupported dtype '${descr[1]}'`);
  const shape = [];
  for (const part of shapeMatch[1].split(',')) {
    const text = part.trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text)) throw bad(`bad dimension '${text}'`);
    shape.push(Number(text));
  }
  const [type, size, ArrayType] = NPY_TYPES[code];
  const count = shape.reduce((a, b) => a * b, 1);
  const dataStart = headerStart + headerLen;
  if (bytes.length - dataStart !== count * size)
    throw bad(`expected ${count * size} data bytes for shape ` +
              `(${shape.join(', ')}), found ${bytes.length - dataStart}`);
  // Copy into an aligned buffer: typed arrays need aligned offsets.
  const data = new ArrayType(count);
  Buffer.from(data.buffer).set(bytes.subarray(dataStart));
  return {type, shape, data};
}

function npyShapeText(shape) {
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

function writeNpy(file, type, shape, data) {
  const descr = ORT_TO_DESCR[type];
  if (!descr) throw new UsageError(`cannot write a '${type}' tensor as .npy`);
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ` +
      `${npyShapeText(shape)}, }`;
  // Pad with spaces and a newline so the data starts 64-byte aligned.
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const prefix = Buffer.alloc(10);
  NPY_MAGIC.copy(prefix);
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(header.length, 8);
  const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  fs.writeFileSync(file, Buffer.concat([prefix, Buffer.from(header, 'latin1'), body]));
}

function sanitizeName(name) {
  let safe = name.replace(/[^A-Za-z0-9._-]/g, '_');
  if (safe === '' || safe[0] === '.') safe = '_' + safe;
  return safe;
}

// --- Command line ------------------------------------------------------------

function parseArgs(argv) {
  const args = {
    model: null, inputs: [], outputDir: '.', threads: 1, mode: 'run',
    warmup: 5, iterations: 20,
  };
  const value = (i, flag) => {
    if (i >= argv.length) throw new UsageError(`${flag} needs a value`);
    return argv[i];
  };
  const count = (text, flag, min) => {
    if (!/^\d+$/.test(text) || Number(text) < min)
      throw new UsageError(`${flag} needs an integer >= ${min}, not '${text}'`);
    return Number(text);
  };
  for (let i = 0; i < argv.length; ++i) {
    let arg = argv[i];
    let inline = null;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const next = () => (inline !== null ? inline : value(++i, arg));
    switch (arg) {
      case '--input': {
        const spec = next();
        const at = spec.indexOf('=');
        if (at <= 0) throw new UsageError(`--input needs NAME=FILE.npy, not '${spec}'`);
        args.inputs.push([spec.slice(0, at), spec.slice(at + 1)]);
        break;
      }
      case '--output-dir': args.outputDir = next(); break;
      case '--threads': args.threads = count(next(), arg, 0); break;
      case '--warmup': args.warmup = count(next(), arg, 0); break;
      case '--iterations': args.iterations = count(next(), arg, 1); break;
      case '--bench': args.mode = 'bench'; break;
      case '--serve': args.mode = 'serve'; break;
      case '--list': args.mode = 'list'; break;
      case '--install': args.mode = 'install'; break;
      case '--help': case '-h': args.mode = 'help'; break;
      default:
        if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}'`);
        if (args.model !== null) throw new UsageError(`unexpected argument '${arg}'`);
        args.model = arg;
    }
  }
  if (args.model === null && !['install', 'help'].includes(args.mode))
    throw new UsageError('no model given (see --help)');
  return args;
}

function usage() {
  const text = fs.readFileSync(__filename, 'utf8').split('\n');
  const lines = [];
  for (const line of text.slice(1)) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/ ?/, ''));
  }
  process.stdout.write(lines.join('\n') + '\n');
}

// --- Running -----------------------------------------------------------------

function rssKb() {
  // /proc gives the current resident size; resourceUsage the peak.
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const m = /VmRSS:\s*(\d+)\s*kB/.exec(status);
    if (m) return Number(m[1]);
  } catch (e) { /* not Linux */ }
  return Math.round(process.memoryUsage().rss / 1024);
}

async function createSession(ort, args) {
  if (!fs.existsSync(args.model)) throw new UsageError(`cannot read '${args.model}'`);
  try {
    const options = {
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // Idle intra-op threads sleep instead of spinning: the benchmark runs
      // ORT and Weft alternately in two processes, and spinning threads
      // would take the cores from whichever side runs next.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    };
    // 0 leaves the choice to ONNX Runtime (all physical cores).
    if (args.threads > 0) options.intraOpNumThreads = args.threads;
    return await ort.InferenceSession.create(args.model, options);
  } catch (e) {
    throw new UsageError(`onnxruntime cannot load '${args.model}': ${e.message}`);
  }
}

function makeFeeds(ort, session, args) {
  const given = new Map(args.inputs);
  for (const name of given.keys())
    if (!session.inputNames.includes(name))
      throw new UsageError(`--input '${name}' names no input of the model ` +
                           `(inputs: ${session.inputNames.join(', ')})`);
  const feeds = {};
  for (const name of session.inputNames) {
    if (!given.has(name)) throw new UsageError(`no --input given for input '${name}'`);
    const {type, shape, data} = readNpy(given.get(name));
    feeds[name] = new ort.Tensor(type, data, shape);
  }
  return feeds;
}

async function timedRun(session, feeds) {
  const start = process.hrtime.bigint();
  await session.run(feeds);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function runOnce(ort, args) {
  const session = await createSession(ort, args);
  const feeds = makeFeeds(ort, session, args);
  let results;
  try {
    results = await session.run(feeds);
  } catch (e) {
    throw new UsageError(`onnxruntime failed to run '${args.model}': ${e.message}`);
  }
  fs.mkdirSync(args.outputDir, {recursive: true});
  for (const name of session.outputNames) {
    const tensor = results[name];
    const file = path.join(args.outputDir, sanitizeName(name) + '.npy');
    writeNpy(file, tensor.type, tensor.dims, tensor.data);
    process.stdout.write(`${name}: ${tensor.type} [${tensor.dims.join('x')}] -> ${file}\n`);
  }
}

async function bench(ort, args) {
  const baseline = rssKb();
  const session = await createSession(ort, args);
  const feeds = makeFeeds(ort, session, args);
  for (let i = 0; i < args.warmup; ++i) await session.run(feeds);
  const latencies = [];
  for (let i = 0; i < args.iterations; ++i) latencies.push(await timedRun(session, feeds));
  process.stdout.write(JSON.stringify({
    model: args.model, threads: args.threads, warmup: args.warmup,
    latencies_ms: latencies, median_ms: median(latencies),
    peak_rss_kb: process.resourceUsage().maxRSS, baseline_rss_kb: baseline,
  }) + '\n');
}

async function serve(ort, args) {
  const baseline = rssKb();
  const session = await createSession(ort, args);
  const feeds = makeFeeds(ort, session, args);
  const reply = (object) => process.stdout.write(JSON.stringify(object) + '\n');
  reply({ready: true});
  const readline = require('readline');
  const lines = readline.createInterface({input: process.stdin});
  for await (const line of lines) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'run') {
      const n = Number(words[1] || 1);
      const latencies = [];
      for (let i = 0; i < n; ++i) latencies.push(await timedRun(session, feeds));
      reply({latencies_ms: latencies});
    } else if (words[0] === 'quit') {
      reply({peak_rss_kb: process.resourceUsage().maxRSS, baseline_rss_kb: baseline});
      break;
    } else if (words[0] !== '') {
      reply({error: `unknown command '${words[0]}'`});
    }
  }
  lines.close();
}

async function list(ort, args) {
  const session = await createSession(ort, args);
  process.stdout.write(JSON.stringify({
    inputs: session.inputMetadata, outputs: session.outputMetadata,
  }) + '\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.mode === 'help') return usage();
  const ort = ensureOrt();
  if (args.mode === 'install') {
    process.stdout.write(cacheDir() + '\n');
    return;
  }
  if (args.mode !== 'install') ort.env.logLevel = 'error';
  const modes = {run: runOnce, bench, serve, list};
  await modes[args.mode](ort, args);
}

module.exports = {readNpy, writeNpy, sanitizeName};

if (require.main === module) {
  main().catch((e) => {
    if (e instanceof UsageError) fail(e.message);
    fail(e.stack || String(e));
  });
}
