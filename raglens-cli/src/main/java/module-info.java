/** The {@code raglens} command. */
module io.github.raglens.cli {
    requires io.github.raglens;
    requires io.github.raglens.core;
    requires info.picocli;
    requires java.logging;
    requires me.tongfei.progressbar;

    // picocli sets the annotated option fields of the commands reflectively.
    opens io.github.raglens.cli to
            info.picocli;
}
