package io.github.raglens.onnx;

import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.testkit.EmbeddingProviderContract;

class BgeSmallEnV15ContractTest implements EmbeddingProviderContract {

    @Override
    public EmbeddingProvider provider() {
        return Models.bge();
    }
}
