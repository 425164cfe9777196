#!/usr/bin/python3
"""Writes the small ONNX models the importer tests use.

Usage: gen_models.py OUTDIR NAME...   (no NAME: every model)

Each model is built with Debian's python3-onnx helpers at test time, so no
.onnx binary is ever committed. A model named NAME is written to
OUTDIR/NAME.onnx (plus any external-data files next to it).
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT
I64 = TensorProto.INT64
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def rng():
    return np.random.default_rng(0)


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def ints(name, values):
    return init(name, np.asarray(values, dtype=np.int64))


def weights(name, shape):
    return init(name, rng().standard_normal(shape).astype(np.float32))


def make(nodes, inputs, outputs, opset=13, inits=(), value_info=(),
         extra_opsets=(), name="g"):
    graph = helper.make_graph(nodes, name, inputs, outputs,
                              initializer=list(inits),
                              value_info=list(value_info))
    opsets = [helper.make_opsetid("", opset)]
    opsets += [helper.make_opsetid(d, v) for d, v in extra_opsets]
    m = helper.make_model(graph, opset_imports=opsets,
                          producer_name="weft-tests")
    m.ir_version = 7
    return m


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


# --- Op families -------------------------------------------------------------

@model
def elementwise():
    x = "x"
    nodes = [
        helper.make_node("Relu", [x], ["relu"], name="relu"),
        helper.make_node("Sigmoid", ["relu"], ["sig"], name="sigmoid"),
        helper.make_node("Tanh", ["sig"], ["tanh"], name="tanh"),
        helper.make_node("Exp", ["tanh"], ["exp"], name="exp"),
        helper.make_node("Log", ["exp"], ["log"], name="log"),
        helper.make_node("Sqrt", ["log"], ["sqrt"], name="sqrt"),
        helper.make_node("Neg", ["sqrt"], ["neg"], name="neg"),
        helper.make_node("Abs", ["neg"], ["abs"], name="abs"),
        helper.make_node("Erf", ["abs"], ["erf"], name="erf"),
        helper.make_node("HardSwish", ["erf"], ["hswish"], name="hswish"),
        helper.make_node("LeakyRelu", ["hswish"], ["lrelu"], name="lrelu",
                         alpha=0.25),
        helper.make_node("HardSigmoid", ["lrelu"], ["hsig"], name="hsig",
                         alpha=0.125, beta=0.5),
        helper.make_node("Identity", ["hsig"], ["ident"], name="ident"),
        helper.make_node("Add", ["ident", "b"], ["add"], name="add"),
        helper.make_node("Sub", ["add", "b"], ["sub"], name="sub"),
        helper.make_node("Mul", ["sub", "b"], ["mul"], name="mul"),
        helper.make_node("Div", ["mul", "b"], ["div"], name="div"),
        helper.make_node("Pow", ["div", "b"], ["pow"], name="pow"),
        helper.make_node("Max", ["pow", "b", x], ["max"], name="max"),
        helper.make_node("Min", ["max", "b"], ["min"], name="min"),
        helper.make_node("Equal", ["min", "b"], ["eq"], name="eq"),
        helper.make_node("Not", ["eq"], ["not"], name="not"),
        helper.make_node("Greater", ["min", "b"], ["gt"], name="gt"),
        helper.make_node("GreaterOrEqual", ["min", "b"], ["ge"], name="ge"),
        helper.make_node("Less", ["min", "b"], ["lt"], name="lt"),
        helper.make_node("Where", ["not", "min", x], ["where"], name="where"),
        helper.make_node("Cast", ["where"], ["cast"], name="cast",
                         to=TensorProto.INT32),
    ]
    return make(nodes, [vi("x", F, [2, 4])],
                [vi("cast", TensorProto.INT32, [2, 4]),
                 vi("gt", TensorProto.BOOL, [2, 4]),
                 vi("ge", TensorProto.BOOL, [2, 4]),
                 vi("lt", TensorProto.BOOL, [2, 4])],
                opset=14, inits=[init("b", np.ones([4], np.float32))])


@model
def convnet():
    nodes = [
        helper.make_node("Conv", ["x", "w", "wb"], ["c"], name="conv",
                         pads=[1, 1, 1, 1], strides=[1, 1],
                         kernel_shape=[3, 3]),
        helper.make_node("BatchNormalization", ["c", "s", "bb", "m", "v"],
                         ["bn"], name="bn", epsilon=1e-3),
        helper.make_node("Relu", ["bn"], ["r"], name="relu"),
        helper.make_node("MaxPool", ["r"], ["mp"], name="maxpool",
                         kernel_shape=[3, 3], strides=[2, 2], ceil_mode=1),
        helper.make_node("AveragePool", ["mp"], ["ap"], name="avgpool",
                         kernel_shape=[2, 2], count_include_pad=1),
        helper.make_node("ConvTranspose", ["ap", "wt"], ["ct"], name="deconv",
                         strides=[2, 2]),
        helper.make_node("GlobalAveragePool", ["ct"], ["gap"], name="gap"),
        helper.make_node("Flatten", ["gap"], ["flat"], name="flatten", axis=1),
        helper.make_node("Gemm", ["flat", "gw", "gb"], ["fc"], name="fc",
                         transB=1, alpha=0.5),
        helper.make_node("Softmax", ["fc"], ["y"], name="softmax", axis=-1),
    ]
    inits = [weights("w", [8, 3, 3, 3]), weights("wb", [8]),
             weights("s", [8]), weights("bb", [8]), weights("m", [8]),
             init("v", np.ones([8], np.float32)), weights("wt", [8, 4, 2, 2]),
             weights("gw", [10, 4]), weights("gb", [10])]
    return make(nodes, [vi("x", F, [1, 3, 16, 16])], [vi("y", F, [1, 10])],
                inits=inits)


@model
def shapes():
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["mm"], name="matmul"),
        helper.make_node("Transpose", ["mm"], ["t"], name="transpose",
                         perm=[1, 0]),
        helper.make_node("Reshape", ["t", "shape"], ["r"], name="reshape"),
        helper.make_node("Concat", ["r", "r"], ["cat"], name="concat", axis=0),
        helper.make_node("Gather", ["cat", "idx"], ["g"], name="gather",
                         axis=1),
        helper.make_node("Shape", ["g"], ["shp"], name="shape"),
        helper.make_node("Size", ["g"], ["size"], name="size"),
        helper.make_node("ConstantOfShape", ["shp"], ["zeros"], name="cos",
                         value=helper.make_tensor("v", F, [1], [0.5])),
        helper.make_node("Expand", ["b", "shp"], ["exp"], name="expand"),
        helper.make_node("Slice", ["exp", "st", "en", "ax", "sp"], ["sl"],
                         name="slice"),
    ]
    inits = [weights("w", [4, 6]), ints("shape", [3, 2, 2]),
             ints("idx", [0, 1]), init("b", np.ones([1], np.float32)),
             ints("st", [0]), ints("en", [2]), ints("ax", [1]), ints("sp", [1])]
    return make(nodes, [vi("x", F, [2, 4])],
                [vi("sl", F, None), vi("size", I64, []), vi("zeros", F, None)],
                inits=inits)


# --- Opset forms -------------------------------------------------------------

@model
def clip6():
    nodes = [helper.make_node("Clip", ["x"], ["y"], name="clip", min=0.0,
                              max=6.0)]
    return make(nodes, [vi("x", F, [4])], [vi("y", F, [4])], opset=10)


@model
def clip11():
    nodes = [helper.make_node("Clip", ["x", "", "hi"], ["y"], name="clip")]
    return make(nodes, [vi("x", F, [4])], [vi("y", F, [4])], opset=11,
                inits=[init("hi", np.float32(6.0))])


@model
def squeeze11():
    nodes = [helper.make_node("Unsqueeze", ["x"], ["u"], name="unsq",
                              axes=[0, 3]),
             helper.make_node("Squeeze", ["u"], ["y"], name="sq", axes=[3])]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [1, 2, 4])],
                opset=11)


@model
def squeeze13():
    nodes = [helper.make_node("Unsqueeze", ["x", "ua"], ["u"], name="unsq"),
             helper.make_node("Squeeze", ["u", "sa"], ["y"], name="sq")]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [1, 2, 4])],
                inits=[ints("ua", [0, 3]), ints("sa", [3])])


@model
def slice1():
    nodes = [helper.make_node("Slice", ["x"], ["y"], name="slice",
                              starts=[1], ends=[3], axes=[1])]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [2, 2])], opset=9)


@model
def slice10():
    nodes = [helper.make_node("Slice", ["x", "st", "en", "ax", "sp"], ["y"],
                              name="slice")]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [2, 2])], opset=10,
                inits=[ints("st", [0]), ints("en", [4]), ints("ax", [1]),
                       ints("sp", [2])])


@model
def reduce13():
    nodes = [helper.make_node("ReduceMean", ["x"], ["m"], name="mean",
                              axes=[1], keepdims=0),
             helper.make_node("ReduceMax", ["x"], ["mx"], name="max",
                              axes=[-1]),
             helper.make_node("ReduceSum", ["x", "ax"], ["s"], name="sum",
                              keepdims=1)]
    return make(nodes, [vi("x", F, [2, 4])],
                [vi("m", F, None), vi("mx", F, None), vi("s", F, None)],
                inits=[ints("ax", [0])])


@model
def reduce18():
    nodes = [helper.make_node("ReduceMean", ["x", "ax"], ["m"], name="mean",
                              keepdims=0),
             helper.make_node("ReduceMax", ["x"], ["mx"], name="max",
                              noop_with_empty_axes=0)]
    return make(nodes, [vi("x", F, [2, 4])],
                [vi("m", F, None), vi("mx", F, None)], opset=18,
                inits=[ints("ax", [1])])


@model
def pad2():
    nodes = [helper.make_node("Pad", ["x"], ["y"], name="pad",
                              pads=[0, 1, 0, 2], value=1.5)]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [2, 7])], opset=10)


@model
def pad11():
    nodes = [helper.make_node("Pad", ["x", "p", "cv"], ["y"], name="pad",
                              mode="reflect")]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [2, 7])], opset=11,
                inits=[ints("p", [0, 1, 0, 2]), init("cv", np.float32(0))])


@model
def pad18():
    nodes = [helper.make_node("Pad", ["x", "p", "", "ax"], ["y"], name="pad",
                              mode="edge")]
    return make(nodes, [vi("x", F, [2, 4])], [vi("y", F, [2, 7])], opset=18,
                inits=[ints("p", [1, 2]), ints("ax", [1])])


@model
def resize10():
    nodes = [helper.make_node("Resize", ["x", "sc"], ["y"], name="resize",
                              mode="nearest")]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)],
                opset=10,
                inits=[init("sc", np.array([1, 1, 2, 2], np.float32))])


@model
def resize11():
    nodes = [helper.make_node("Resize", ["x", "roi", "sc", "sz"], ["y"],
                              name="resize", mode="linear",
                              coordinate_transformation_mode="align_corners")]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)],
                opset=11,
                inits=[init("roi", np.zeros([0], np.float32)),
                       init("sc", np.zeros([0], np.float32)),
                       ints("sz", [1, 2, 8, 6])])


@model
def resize13():
    nodes = [helper.make_node("Resize", ["x", "", "sc"], ["y"], name="resize",
                              mode="nearest", nearest_mode="floor",
                              coordinate_transformation_mode="asymmetric")]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)],
                inits=[init("sc", np.array([1, 1, 2, 2], np.float32))])


@model
def upsample7():
    nodes = [helper.make_node("Upsample", ["x"], ["y"], name="up",
                              scales=[1.0, 1.0, 2.0, 2.0], mode="bilinear")]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)],
                opset=7)


@model
def upsample9():
    nodes = [helper.make_node("Upsample", ["x", "sc"], ["y"], name="up")]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])], [vi("y", F, None)],
                opset=9,
                inits=[init("sc", np.array([1, 1, 2, 3], np.float32))])


@model
def split2():
    nodes = [helper.make_node("Split", ["x"], ["a", "b"], name="split",
                              axis=1, split=[1, 3])]
    return make(nodes, [vi("x", F, [2, 4])], [vi("a", F, None),
                                             vi("b", F, None)], opset=10)


@model
def split11():
    nodes = [helper.make_node("Split", ["x"], ["a", "b"], name="split",
                              axis=-1)]
    return make(nodes, [vi("x", F, [2, 4])], [vi("a", F, None),
                                             vi("b", F, None)], opset=11)


@model
def split13():
    nodes = [helper.make_node("Split", ["x", "s"], ["a", "b"], name="split",
                              axis=1)]
    return make(nodes, [vi("x", F, [2, 4])], [vi("a", F, None),
                                             vi("b", F, None)],
                inits=[ints("s", [3, 1])])


@model
def split18():
    nodes = [helper.make_node("Split", ["x"], ["a", "b", "c"], name="split",
                              axis=1, num_outputs=3)]
    return make(nodes, [vi("x", F, [2, 8])],
                [vi("a", F, None), vi("b", F, None), vi("c", F, None)],
                opset=18)


@model
def softmax11():
    nodes = [helper.make_node("Softmax", ["x"], ["last"], name="sm_last",
                              axis=2),
             helper.make_node("Softmax", ["x"], ["mid"], name="sm_mid")]
    return make(nodes, [vi("x", F, [2, 3, 4])],
                [vi("last", F, None), vi("mid", F, None)], opset=11)


@model
def softmax13():
    nodes = [helper.make_node("Softmax", ["x"], ["y"], name="sm", axis=1)]
    return make(nodes, [vi("x", F, [2, 3, 4])], [vi("y", F, None)])


@model
def logsoftmax13():
    # Imported through its ONNX function body (context-dependent in 13).
    nodes = [helper.make_node("LogSoftmax", ["x"], ["y"], name="lsm", axis=1)]
    return make(nodes, [vi("x", F, [2, 3])], [vi("y", F, None)])


@model
def castlike15():
    # A fixed function body whose attribute comes from the input's type.
    nodes = [helper.make_node("CastLike", ["x", "like"], ["y"], name="cl")]
    return make(nodes, [vi("x", F, [4]), vi("like", TensorProto.INT32, [1])],
                [vi("y", TensorProto.INT32, None)], opset=15)


# --- Weights -----------------------------------------------------------------

@model
def constants():
    nodes = [
        helper.make_node("Constant", [], ["c_tensor"], name="c_tensor",
                         value=helper.make_tensor("t", F, [2], [1.0, 2.0])),
        helper.make_node("Constant", [], ["c_float"], name="c_float",
                         value_float=3.5),
        helper.make_node("Constant", [], ["c_floats"], name="c_floats",
                         value_floats=[1.0, 2.0, 3.0]),
        helper.make_node("Constant", [], ["c_int"], name="c_int",
                         value_int=7),
        helper.make_node("Constant", [], ["c_ints"], name="c_ints",
                         value_ints=[4, 5]),
        helper.make_node("Constant", [], ["c_raw"], name="c_raw",
                         value=numpy_helper.from_array(
                             np.array([[1, -2]], np.int32), "r")),
    ]
    f16 = numpy_helper.from_array(np.array([1.0, -2.0], np.float16), "f16")
    # make_tensor stores 16-bit floats as bit patterns in int32_data.
    f16_typed = helper.make_tensor("f16_typed", TensorProto.FLOAT16, [2],
                                   [0.5, 4.0])
    bf16 = helper.make_tensor("bf16", TensorProto.BFLOAT16, [2], [1.0, 2.0])
    assert not f16_typed.raw_data and len(bf16.int32_data) == 2
    bools = numpy_helper.from_array(np.array([True, False, True]), "bools")
    u8 = numpy_helper.from_array(np.array([0, 255], np.uint8), "u8")
    i8_typed = helper.make_tensor("i8_typed", TensorProto.INT8, [2], [-3, 4])
    f64 = numpy_helper.from_array(np.array([0.25], np.float64), "f64")
    outs = ["c_tensor", "c_float", "c_floats", "c_int", "c_ints", "c_raw",
            "f16", "f16_typed", "bf16", "bools", "u8", "i8_typed", "f64"]
    return make(nodes, [], [vi(o, TensorProto.UNDEFINED, None) for o in outs],
                inits=[f16, f16_typed, bf16, bools, u8, i8_typed, f64])


@model
def init_as_input():
    nodes = [helper.make_node("Add", ["x", "w"], ["y"], name="add")]
    return make(nodes, [vi("x", F, [4]), vi("w", F, [4])], [vi("y", F, [4])],
                inits=[init("w", np.arange(4, dtype=np.float32))])


def external_model(outdir, name, location, length, file_bytes):
    t = TensorProto()
    t.name = "w"
    t.data_type = F
    t.dims.extend([2, 3])
    t.data_location = TensorProto.EXTERNAL
    for k, v in (("location", location), ("offset", "8"),
                 ("length", str(length))):
        e = t.external_data.add()
        e.key, e.value = k, v
    if file_bytes is not None:
        with open(os.path.join(outdir, name + ".bin"), "wb") as f:
            f.write(file_bytes)
    nodes = [helper.make_node("Add", ["x", "w"], ["y"], name="add")]
    return make(nodes, [vi("x", F, [2, 3])], [vi("y", F, [2, 3])], inits=[t])


@model
def external(outdir):
    data = np.arange(6, dtype=np.float32).tobytes()
    return external_model(outdir, "external", "external.bin", 24,
                          b"\0" * 8 + data)


@model
def external_missing(outdir):
    return external_model(outdir, "external_missing", "no_such_file.bin", 24,
                          None)


@model
def external_short(outdir):
    return external_model(outdir, "external_short", "external_short.bin", 24,
                          b"\0" * 8 + b"\1" * 12)


@model
def external_escape(outdir):
    return external_model(outdir, "external_escape", "../outside.bin", 24,
                          None)


@model
def dim_param():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    x = vi("x", F, ["batch", 3, None, "width"])
    return make(nodes, [x], [vi("y", F, ["batch", 3, None, "width"])])


# --- Control flow and recurrent ----------------------------------------------

@model
def if_outer():
    then_g = helper.make_graph(
        [helper.make_node("Add", ["x", "w"], ["t"], name="then_add")],
        "then", [], [vi("t", F, [4])])
    else_g = helper.make_graph(
        [helper.make_node("Mul", ["x", "w"], ["e"], name="else_mul")],
        "else", [], [vi("e", F, [4])])
    nodes = [helper.make_node("If", ["c"], ["y"], name="if",
                              then_branch=then_g, else_branch=else_g)]
    return make(nodes, [vi("c", TensorProto.BOOL, []), vi("x", F, [4])],
                [vi("y", F, [4])], inits=[weights("w", [4])])


@model
def loop_outer():
    body = helper.make_graph(
        [helper.make_node("Add", ["acc_in", "step"], ["acc_out"],
                          name="body_add"),
         helper.make_node("Identity", ["cond_in"], ["cond_out"],
                          name="body_cond"),
         helper.make_node("Identity", ["acc_out"], ["scan"], name="body_scan")],
        "body",
        [vi("i", I64, []), vi("cond_in", TensorProto.BOOL, []),
         vi("acc_in", F, [4])],
        [vi("cond_out", TensorProto.BOOL, []), vi("acc_out", F, [4]),
         vi("scan", F, [4])])
    nodes = [helper.make_node("Loop", ["n", "", "x"], ["acc", "scans"],
                              name="loop", body=body)]
    return make(nodes, [vi("n", I64, []), vi("x", F, [4])],
                [vi("acc", F, [4]), vi("scans", F, None)],
                inits=[weights("step", [4])])


@model
def loop_growing():
    # The carried value grows each iteration: its type cannot stay 1xf32.
    body = helper.make_graph(
        [helper.make_node("Concat", ["acc_in", "one"], ["acc_out"],
                          name="body_concat", axis=0),
         helper.make_node("Identity", ["cond_in"], ["cond_out"],
                          name="body_cond")],
        "body",
        [vi("i", I64, []), vi("cond_in", TensorProto.BOOL, []),
         vi("acc_in", F, None)],
        [vi("cond_out", TensorProto.BOOL, []), vi("acc_out", F, None)])
    nodes = [helper.make_node("Loop", ["n", "c", "x"], ["acc"], name="loop",
                              body=body)]
    return make(nodes, [vi("n", I64, []), vi("c", TensorProto.BOOL, []),
                        vi("x", F, [1])],
                [vi("acc", F, None)],
                inits=[init("one", np.ones([1], np.float32))])


@model
def lstm():
    nodes = [helper.make_node("LSTM", ["x", "w", "r", "", "", "h0"],
                              ["", "yh"], name="lstm", hidden_size=8)]
    return make(nodes, [vi("x", F, [5, 1, 4])], [vi("yh", F, None)],
                inits=[weights("w", [1, 32, 4]), weights("r", [1, 32, 8]),
                       weights("h0", [1, 1, 8])])


@model
def gru():
    nodes = [helper.make_node("GRU", ["x", "w", "r", "b"], ["y"], name="gru",
                              hidden_size=8, direction="bidirectional",
                              linear_before_reset=1)]
    return make(nodes, [vi("x", F, [5, 1, 4])], [vi("y", F, None)],
                inits=[weights("w", [2, 24, 4]), weights("r", [2, 24, 8]),
                       weights("b", [2, 48])])


@model
def other_domains():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    return make(nodes, [vi("x", F, [4])], [vi("y", F, [4])],
                extra_opsets=[("com.microsoft", 1), ("ai.onnx.ml", 3)])


@model
def shape_chain():
    # What exporters emit for x.view(x.size(0), -1).
    nodes = [
        helper.make_node("Conv", ["x", "w"], ["c"], name="conv",
                         pads=[1, 1, 1, 1]),
        helper.make_node("Shape", ["c"], ["s"], name="shape"),
        helper.make_node("Gather", ["s", "zero"], ["n"], name="gather",
                         axis=0),
        helper.make_node("Unsqueeze", ["n", "ax0"], ["n1"], name="unsqueeze"),
        helper.make_node("Concat", ["n1", "minus1"], ["target"], name="concat",
                         axis=0),
        helper.make_node("Reshape", ["c", "target"], ["y"], name="reshape"),
    ]
    return make(nodes, [vi("x", F, ["N", 3, "H", "W"])], [vi("y", F, None)],
                inits=[weights("w", [4, 3, 3, 3]), ints("zero", 0),
                       ints("ax0", [0]), ints("minus1", [-1])])


# --- Errors ------------------------------------------------------------------

@model
def unsupported():
    inner = helper.make_graph(
        [helper.make_node("OptionalHasElement", ["x"], ["e"],
                          name="inner_opt")],
        "then", [], [vi("e", F, [4])])
    nodes = [
        helper.make_node("FusedConv", ["x"], ["a"], name="fc1",
                         domain="com.microsoft"),
        helper.make_node("FusedConv", ["a"], ["b"], name="fc2",
                         domain="com.microsoft"),
        helper.make_node("OptionalHasElement", ["b"], ["v"], name="opt"),
        helper.make_node("Upsample", ["v", "sc"], ["u"], name="up"),
        helper.make_node("If", ["c"], ["y"], name="if", then_branch=inner,
                         else_branch=inner),
    ]
    return make(nodes, [vi("x", F, [4]), vi("c", TensorProto.BOOL, [])],
                [vi("y", F, [4]), vi("u", F, None)],
                inits=[ints("k", [2]), init("sc", np.ones([1], np.float32))],
                opset=15, extra_opsets=[("com.microsoft", 1)])


@model
def future_opset():
    nodes = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
    return make(nodes, [vi("x", F, [4])], [vi("y", F, [4])], opset=21)


@model
def bad_attr():
    nodes = [helper.make_node("Conv", ["x", "w"], ["y"], name="conv",
                              group=1.5)]
    return make(nodes, [vi("x", F, [1, 3, 8, 8])], [vi("y", F, None)],
                inits=[weights("w", [4, 3, 3, 3])])


@model
def bad_bytes():
    w = numpy_helper.from_array(np.ones([2, 3], np.float32), "w")
    w.raw_data = w.raw_data[:20]
    nodes = [helper.make_node("Add", ["x", "w"], ["y"], name="add")]
    return make(nodes, [vi("x", F, [2, 3])], [vi("y", F, [2, 3])], inits=[w])


@model
def bad_count():
    c = helper.make_tensor("t", I64, [2], [1, 2])
    c.dims[0] = 3  # two values for three elements
    nodes = [helper.make_node("Constant", [], ["y"], name="const", value=c)]
    return make(nodes, [], [vi("y", I64, [3])])


@model
def bn_training():
    nodes = [helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"],
                              ["y", "rm", "rv"], name="bn", training_mode=1)]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])],
                [vi("y", F, None), vi("rm", F, None)], opset=15,
                inits=[weights(n, [2]) for n in "sbmv"])


@model
def bn_saved_outputs():
    nodes = [helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"],
                              ["y", "mean", "var"], name="bn")]
    return make(nodes, [vi("x", F, [1, 2, 4, 4])],
                [vi("y", F, None), vi("mean", F, None)], opset=9,
                inits=[weights(n, [2]) for n in "sbmv"])


@model
def dropout_unused_mask():
    nodes = [helper.make_node("Dropout", ["x", "ratio"], ["y", "mask"],
                              name="drop")]
    return make(nodes, [vi("x", F, [4])], [vi("y", F, [4])],
                inits=[init("ratio", np.float32(0.1))])


@model
def nonconst_axes():
    nodes = [helper.make_node("Unsqueeze", ["x", "axes"], ["y"], name="unsq")]
    return make(nodes, [vi("x", F, [4]), vi("axes", I64, [1])],
                [vi("y", F, None)])


@model
def malformed(outdir):
    return b"this is not an onnx model\xff\xff\xff"


@model
def truncated(outdir):
    data = convnet().SerializeToString()
    return data[: len(data) // 2]


@model
def empty(outdir):
    return b""


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    for name in argv[2:] or sorted(MODELS):
        fn = MODELS[name]
        result = fn(outdir) if fn.__code__.co_argcount else fn()
        data = result if isinstance(result, bytes) else \
            result.SerializeToString()
        with open(os.path.join(outdir, name + ".onnx"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main(sys.argv)
