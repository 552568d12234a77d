package io.github.raglens.error;

import java.io.Serial;
import java.util.Objects;

/**
 * A failure whose remedy is to change one of the caller's settings. The message is the problem
 * followed by {@code "; check "} and the setting's {@linkplain Setting#apiName() API name}; {@link
 * #problem()} and {@link #setting()} give the parts, so a front end can name the setting its own
 * way.
 */
public class SettingException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final Setting setting;

    /**
     * Creates an exception.
     *
     * @param problem what is wrong, without the remedy, e.g. {@code documents folder docs does not exist}
     * @param setting the setting to check
     * @throws NullPointerException if an argument is null
     */
    public SettingException(String problem, Setting setting) {
        super(Objects.requireNonNull(problem, "problem") + "; check "
                + Objects.requireNonNull(setting, "setting").apiName());
        this.problem = problem;
        this.setting = setting;
    }

    /** What is wrong, without the remedy; never null. */
    public String problem() {
        return problem;
    }

    /** The setting to check; never null. */
    public Setting setting() {
        return setting;
    }
}
