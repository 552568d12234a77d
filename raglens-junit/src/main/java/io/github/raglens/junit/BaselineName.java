package io.github.raglens.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the baseline file a {@link BaselineFile} parameter stands for: {@code NAME.json} in the
 * extension's folder. Without it, the name is the test class's simple name and the method's name.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface BaselineName {
    /** The file's name without {@code .json}. */
    String value();
}
