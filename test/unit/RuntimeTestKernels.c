/*===- RuntimeTestKernels.c - Kernels for the runtime tests ---------------===*\
|*                                                                            *|
|* Built with the system C compiler into a shared object that the runtime    *|
|* tests embed in engines. Each kernel follows the CPU kernel ABI of         *|
|* compiler/engine/CompiledModel.h; one iteration is one row of 8 floats.   *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>

#define ROW 8

/* buffers: a, b, out (float32, rows of 8): out = a + b */
void weft_test_add(void **buffers, int64_t begin, int64_t end) {
  const float *a = buffers[0], *b = buffers[1];
  float *out = buffers[2];
  for (int64_t i = begin * ROW; i < end * ROW; ++i)
    out[i] = a[i] + b[i];
}

/* buffers: in, out: out = 2 * in */
void weft_test_scale2(void **buffers, int64_t begin, int64_t end) {
  const float *in = buffers[0];
  float *out = buffers[1];
  for (int64_t i = begin * ROW; i < end * ROW; ++i)
    out[i] = 2.0f * in[i];
}

/* buffers: in, out: out = max(in, 0) */
void weft_test_relu(void **buffers, int64_t begin, int64_t end) {
  const float *in = buffers[0];
  float *out = buffers[1];
  for (int64_t i = begin * ROW; i < end * ROW; ++i)
    out[i] = in[i] > 0.0f ? in[i] : 0.0f;
}

/* buffers: out (int64, one element per iteration): out[i] += i + 1, so an
   iteration run twice or never shows in the result. */
void weft_test_mark(void **buffers, int64_t begin, int64_t end) {
  int64_t *out = buffers[0];
  for (int64_t i = begin; i < end; ++i)
    out[i] += i + 1;
}
