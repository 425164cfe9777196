"""Reading ONNX's backend test data for the conformance runner (run.py):
the test sets of a test folder, and TensorProto files as the numpy arrays
`weft run` takes and writes (bfloat16 as its raw uint16 bits, strings as
numpy str arrays).
"""

import glob
import os
import re


def load_tensor(path):
    """(name, numpy array) of a TensorProto file."""
    import onnx
    tensor = onnx.TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    return tensor.name, tensor_to_array(tensor)


def tensor_to_array(tensor):
    """The numpy array weft run takes or writes for a TensorProto."""
    import onnx
    from onnx import numpy_helper
    import numpy as np
    if tensor.data_type == onnx.TensorProto.BFLOAT16:
        # numpy has no bfloat16: the raw bits as uint16, as weft run takes
        # and writes bfloat16 tensors.
        if tensor.HasField("raw_data"):
            bits = np.frombuffer(tensor.raw_data, "<u2")
        else:
            bits = np.asarray(tensor.int32_data, np.uint32).astype(np.uint16)
        return bits.reshape(tuple(tensor.dims))
    if tensor.data_type == onnx.TensorProto.STRING:
        # numpy str ('<U') arrays, as weft run takes and writes strings.
        return as_str_array(numpy_helper.to_array(tensor))
    return numpy_helper.to_array(tensor)


def as_str_array(array):
    """An object array of str or bytes as a numpy str array."""
    import numpy as np
    values = [v.decode("utf-8") if isinstance(v, bytes) else str(v)
              for v in array.ravel().tolist()]
    return np.array(values, dtype=np.str_).reshape(array.shape)


def bfloat16_bits_to_float(array):
    """float32 values of bfloat16 bits held as uint16 (float32 unchanged)."""
    import numpy as np
    if array.dtype == np.float32:
        return array
    return (array.astype(np.uint32) << 16).view(np.float32)


def test_sets(test_dir):
    """[(folder, input files, output files)] in index order."""
    def index(path):
        return int(re.search(r"(\d+)(\.pb)?$", path).group(1))

    def files(folder, kind):
        return sorted(glob.glob(os.path.join(folder, kind + "_*.pb")), key=index)

    folders = sorted(glob.glob(os.path.join(test_dir, "test_data_set_*")), key=index)
    return [(f, files(f, "input"), files(f, "output")) for f in folders]
