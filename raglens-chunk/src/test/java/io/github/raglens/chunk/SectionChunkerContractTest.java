package io.github.raglens.chunk;

import io.github.raglens.spi.Chunker;

class SectionChunkerContractTest implements ChunkListContract {
    @Override
    public Chunker chunker() {
        return SectionChunker.builder().build();
    }
}
