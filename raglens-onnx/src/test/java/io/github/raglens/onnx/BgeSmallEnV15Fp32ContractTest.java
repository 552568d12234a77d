package io.github.raglens.onnx;

import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.testkit.EmbeddingProviderContract;
import org.junit.jupiter.api.Tag;

@Tag("full-precision")
class BgeSmallEnV15Fp32ContractTest implements EmbeddingProviderContract {

    @Override
    public EmbeddingProvider provider() {
        return Models.bgeFp32();
    }
}
