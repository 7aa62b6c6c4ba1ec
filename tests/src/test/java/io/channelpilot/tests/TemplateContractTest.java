package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.sfn.template.SamTemplate;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** template.yaml and the code agree: every function's CodeUri is a module and its Handler class and method exist. */
class TemplateContractTest {

    private static final SamTemplate TEMPLATE = SamTemplate.load(Repo.root().resolve("template.yaml"),
            Map.of("TableBucketArn", "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics",
                    "DlqBucketName", "channel-pilot-dlq"), "us-east-1", "123456789012");

    @Test
    void shouldPointEveryCodeUriAtAModuleOfTheBuild() throws IOException {
        String rootPom = Files.readString(Repo.root().resolve("pom.xml"));
        List<FunctionResource> functions = TEMPLATE.functions();
        assertThat(functions).isNotEmpty();
        for (FunctionResource f : functions) {
            Path module = Repo.root().resolve(f.codeUri());
            assertThat(module.resolve("pom.xml")).as(f.logicalId() + " CodeUri " + f.codeUri()).exists();
            assertThat(rootPom).as(f.logicalId() + " module listed in the root pom").contains("<module>" + f.codeUri() + "</module>");
        }
    }

    @Test
    void shouldResolveEveryHandlerToAPublicHandleRequestMethod() throws Exception {
        for (FunctionResource f : TEMPLATE.functions()) {
            String[] parts = f.handler().split("::");
            Class<?> type = Class.forName(parts[0]);
            String method = parts.length > 1 ? parts[1] : "handleRequest";
            boolean found = false;
            for (Method m : type.getMethods()) {
                found |= m.getName().equals(method);
            }
            assertThat(found).as(f.logicalId() + " handler " + f.handler()).isTrue();
            assertThat(type.getConstructor()).as(f.logicalId() + " needs a public no-arg constructor for Lambda").isNotNull();
        }
    }
}
