package io.github.raglens.chunk;

import io.github.raglens.spi.Chunker;

class SlidingWindowChunkerContractTest implements ChunkListContract {
    @Override
    public Chunker chunker() {
        return SlidingWindowChunker.builder().build();
    }
}
