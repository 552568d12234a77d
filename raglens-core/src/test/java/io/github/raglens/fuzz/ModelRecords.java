package io.github.raglens.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;

/** Core's records made from fuzz input, for the targets of the stores that hold them. */
public final class ModelRecords {

    private static final int FIELD = 40;

    private ModelRecords() {}

    /** A chunk of fuzzed fields; its constructor may refuse them. */
    public static Chunk chunk(FuzzedDataProvider data) {
        return new Chunk(
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                data.consumeBoolean() ? null : HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                data.pickValue(ChunkType.values()),
                data.consumeInt(),
                data.consumeInt(),
                HostileText.next(data, 4 * FIELD),
                data.consumeInt(),
                data.consumeInt(),
                data.consumeInt(),
                data.consumeInt());
    }

    /** A question record of fuzzed fields; its constructor may refuse them. */
    public static QuestionSample question(FuzzedDataProvider data) {
        return new QuestionSample(
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                HostileText.next(data, FIELD),
                data.pickValue(QuestionStatus.values()),
                HostileText.next(data, FIELD),
                data.consumeBoolean(),
                HostileText.next(data, FIELD));
    }
}
