package io.github.raglens.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * A fuzz target of one reader: a Jazzer {@link FuzzTest} whose every input must finish within {@value
 * #SECONDS} seconds. In regression mode (every {@code ./verify}) each input of the corpus runs as one
 * invocation, in a thread of its own so that an input that never ends fails the test instead of
 * stopping the build; a campaign ({@code ./benchmarks/run fuzz}) passes the same limit to libFuzzer as
 * {@code -timeout}.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Timeout(value = HostileInputTest.SECONDS, unit = TimeUnit.SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
@FuzzTest
public @interface HostileInputTest {
    /** The time limit of one input, generous for a loaded machine: a hang, not a slow input. */
    int SECONDS = 30;
}
