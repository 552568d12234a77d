package io.github.raglens.cli;

import io.github.raglens.model.ChunkerKind;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrieverKind;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * Reads the option values that name a member of one of raglens's closed sets (a relevance mode, a
 * judge metric …) with that type's own parser, for every command at once: a bad value is a usage
 * error whose message is the parser's, naming the accepted values.
 */
final class Vocabulary {

    private Vocabulary() {}

    /** Registers a converter per closed set on the command and its subcommands. */
    static void register(CommandLine cli) {
        cli.registerConverter(Relevance.class, converter(Relevance::parse));
        cli.registerConverter(JudgeMetric.class, converter(JudgeMetric::parse));
        cli.registerConverter(RetrieverKind.class, converter(RetrieverKind::parse));
        cli.registerConverter(ProviderKind.class, converter(ProviderKind::parse));
        cli.registerConverter(QuestionStyle.class, converter(QuestionStyle::parse));
        cli.registerConverter(LabelDesign.class, converter(LabelDesign::fromFileName));
        cli.registerConverter(ChunkerKind.class, converter(ChunkerKind::parse));
    }

    private static <T> CommandLine.ITypeConverter<T> converter(Function<String, T> parse) {
        return value -> {
            try {
                return parse.apply(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        };
    }
}
