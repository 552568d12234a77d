package io.github.raglens.junit;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that hands a test its {@link BaselineFile}:
 *
 * <pre>{@code
 * @ExtendWith(RagLensExtension.class)
 * class RetrievalRegressionTest {
 *     @Test
 *     void retrieval_isNotWorseThanTheBaseline(@BaselineName("retrieval") BaselineFile baseline) {
 *         baseline.check(lens.benchmark());
 *     }
 * }
 * }</pre>
 *
 * <p>Baselines live in {@code src/test/resources/raglens/baselines/} of the module under test, or in
 * the folder named by the system property {@value #FOLDER_PROPERTY}.
 */
public final class RagLensExtension implements ParameterResolver {

    /** The system property naming the folder of the baseline files. */
    public static final String FOLDER_PROPERTY = "raglens.baseline.dir";

    /** The folder used when {@value #FOLDER_PROPERTY} is not set. */
    public static final String DEFAULT_FOLDER = "src/test/resources/raglens/baselines";

    /** Creates the extension; JUnit does this for {@code @ExtendWith}. */
    public RagLensExtension() {}

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == BaselineFile.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        String name = parameter
                .findAnnotation(BaselineName.class)
                .map(BaselineName::value)
                .orElseGet(() -> context.getRequiredTestClass().getSimpleName() + "."
                        + context.getTestMethod().map(m -> m.getName()).orElse("all"));
        Path folder = Path.of(System.getProperty(FOLDER_PROPERTY, DEFAULT_FOLDER));
        return BaselineFile.at(folder.resolve(name + ".json"));
    }
}
