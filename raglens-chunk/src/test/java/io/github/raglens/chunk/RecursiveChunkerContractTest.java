package io.github.raglens.chunk;

import io.github.raglens.spi.Chunker;

class RecursiveChunkerContractTest implements ChunkListContract {
    @Override
    public Chunker chunker() {
        return RecursiveChunker.builder().build();
    }
}
