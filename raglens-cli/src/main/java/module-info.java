/** The {@code raglens} command. */
// "requires-automatic": raglens-eval has no module descriptor yet.
@SuppressWarnings("requires-automatic")
module io.github.raglens.cli {
    requires io.github.raglens;
    requires io.github.raglens.chunk;
    requires io.github.raglens.core;
    requires io.github.raglens.eval;
    requires io.github.raglens.parse;
    requires info.picocli;
    requires java.logging;
    requires me.tongfei.progressbar;

    // picocli sets the annotated option fields of the commands reflectively.
    opens io.github.raglens.cli to
            info.picocli;
}
