/**
 * Local embedding models run in-process with ONNX Runtime. The model files are read as resources
 * from the model jars, which are automatic modules and so open to this one.
 */
// "requires-automatic": ONNX Runtime and DJL's tokenizers have no module descriptor.
@SuppressWarnings("requires-automatic")
module io.github.raglens.onnx {
    requires transitive io.github.raglens.core;
    requires ai.djl.tokenizers;
    requires com.microsoft.onnxruntime;
    requires org.slf4j;

    exports io.github.raglens.onnx;
}
