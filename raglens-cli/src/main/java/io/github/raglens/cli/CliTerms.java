package io.github.raglens.cli;

import io.github.raglens.error.Remedy;
import io.github.raglens.error.Setting;
import java.util.Locale;

/** Rewrites the library's remedies, which name API calls and settings, as the commands and options a CLI user types. */
final class CliTerms {

    private CliTerms() {}

    /**
     * The message with every {@link Remedy} phrase replaced by its command, e.g. {@code call
     * RagLens.index() first} by {@code run `raglens index --docs DIR` first}, and every {@link
     * Setting}'s API name by its option, e.g. {@code RagLens.Builder.relevance(mode)} by {@code
     * --relevance}.
     */
    static String of(String message) {
        if (message == null) {
            return "";
        }
        String text = message;
        for (Remedy r : Remedy.values()) {
            String command = "raglens " + r.name().toLowerCase(Locale.ROOT);
            text = text.replace(r.first(), "run `" + command + " --docs DIR` first")
                    .replace(r.again(), "run `" + command + "` again");
        }
        for (Setting s : Setting.values()) {
            text = text.replace(s.apiName(), RaglensCli.option(s));
        }
        return text;
    }
}
