package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.template.CfnYaml;
import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.sfn.template.SamTemplate;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.Iterator;
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

    // ---- coldstart: SnapStart
    @Test
    void shouldApplySnapStartToPublishedVersionsOfEveryJavaFunction() throws IOException {
        JsonNode root = CfnYaml.parse(Files.readString(Repo.root().resolve("template.yaml")));
        JsonNode globals = root.path("Globals").path("Function");
        int javaFunctions = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("Resources").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> resource = it.next();
            if (!"AWS::Serverless::Function".equals(resource.getValue().path("Type").asText())) {
                continue;
            }
            JsonNode props = resource.getValue().path("Properties");
            String runtime = props.path("Runtime").asText(globals.path("Runtime").asText());
            if (!runtime.startsWith("java")) {
                continue;
            }
            javaFunctions++;
            JsonNode snapStart = props.has("SnapStart") ? props.path("SnapStart") : globals.path("SnapStart");
            String alias = props.path("AutoPublishAlias").asText(globals.path("AutoPublishAlias").asText());
            assertThat(snapStart.path("ApplyOn").asText()).as(resource.getKey() + " SnapStart").isEqualTo("PublishedVersions");
            // SnapStart snapshots published versions only: without an alias publishing them it never applies
            assertThat(alias).as(resource.getKey() + " AutoPublishAlias").isNotBlank();
        }
        assertThat(javaFunctions).isEqualTo(TEMPLATE.functions().size());
    }
}
