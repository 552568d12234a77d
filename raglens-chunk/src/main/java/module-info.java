/**
 * Flattens documents into sections and cuts them into chunks; audits the chunks. The chunkers are
 * the API; chunking a whole corpus ({@code chunk.corpus}) is the facade's and exported to it only.
 */
// "module": the qualified export names the facade, which is not observable when this module compiles.
@SuppressWarnings("module")
module io.github.raglens.chunk {
    requires transitive io.github.raglens.core;

    exports io.github.raglens.chunk;
    exports io.github.raglens.chunk.corpus to
            io.github.raglens;
}
