package io.github.raglens.onnx;

import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.testkit.EmbeddingProviderContract;

class AllMiniLmL6V2ContractTest implements EmbeddingProviderContract {

    @Override
    public EmbeddingProvider provider() {
        return Models.miniLm();
    }
}
