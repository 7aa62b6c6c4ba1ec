package io.channelpilot.local.sfn.task;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.SfnRuntime;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.sfn.task.lambda.LambdaFunctions;
import io.channelpilot.time.VirtualClock;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Task resources: Lambda by function ARN and by {@code lambda:invoke}
 * (https://docs.aws.amazon.com/step-functions/latest/dg/connect-lambda.html), Java runtime error shape
 * (https://docs.aws.amazon.com/lambda/latest/dg/java-exceptions.html), and SDK integration error names
 * (https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html).
 */
class StandardTaskInvokerTest {

    static final AtomicInteger CREATED = new AtomicInteger();

    /** A POJO handler built from its env map (the embedder's factory). */
    public static final class Greeter implements RequestHandler<Map<String, Object>, Map<String, Object>> {
        private final Map<String, String> env;

        public Greeter(Map<String, String> env) {
            this.env = env;
            CREATED.incrementAndGet();
        }

        @Override
        public Map<String, Object> handleRequest(Map<String, Object> input, Context context) {
            Map<String, Object> out = new HashMap<>(input);
            out.put("greeting", env.get("GREETING") + " " + input.get("name"));
            out.put("function", context.getFunctionName());
            return out;
        }
    }

    /** A handler taking an aws-lambda-java-events type. */
    public static final class Scheduled implements RequestHandler<ScheduledEvent, String> {
        @Override
        public String handleRequest(ScheduledEvent event, Context context) {
            return event.getSource() + "|" + event.getDetailType() + "|" + event.getDetail().get("state");
        }
    }

    public static final class Streamer implements RequestStreamHandler {
        @Override
        public void handleRequest(InputStream in, OutputStream out, Context context) throws java.io.IOException {
            JsonNode input = Json.MAPPER.readTree(in);
            out.write(("{\"len\":" + input.get("text").asText().length() + "}").getBytes(StandardCharsets.UTF_8));
        }
    }

    public static final class Thrower implements RequestHandler<Map<String, Object>, String> {
        @Override
        public String handleRequest(Map<String, Object> input, Context context) {
            throw new IllegalStateException("channel not ready: CREATING");
        }
    }

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    private final LambdaFunctions lambdas = new LambdaFunctions(HandlerFactory.reflective(getClass().getClassLoader()),
            "us-east-1", "123456789012");
    private final Map<String, JsonNode> awsCalls = new HashMap<>();
    private final StandardTaskInvoker invoker = new StandardTaskInvoker(lambdas, (service, action, params) -> {
        awsCalls.put(service + ":" + action, params);
        if (action.equals("putItem")) {
            throw new AwsServiceIntegration.AwsServiceError("ConditionalCheckFailedException", "The conditional request failed");
        }
        if (action.equals("startExecution")) {
            throw new AwsServiceIntegration.AwsServiceError("ExecutionAlreadyExists", "exists");
        }
        return Json.object().put("MessageId", "m-1");
    });
    private final ExecutionService service = ExecutionService.synchronous(SfnRuntime.of(clock, clock, invoker));

    private ExecutionDescription run(String definition, String input) {
        String arn = service.registerStateMachine("T", StateMachineDef.parse(definition), "r");
        return service.describe(service.start(arn, null, Json.parse(input)).executionArn());
    }

    private static String task(String resource, String extra) {
        return "{\"StartAt\":\"T\",\"States\":{\"T\":{\"Type\":\"Task\",\"Resource\":\"" + resource + "\"" + extra
                + ",\"End\":true}}}";
    }

    @Test
    void shouldInvokeRequestHandlerByFunctionArnAndReuseTheWarmInstance() {
        lambdas.register(new FunctionSpec("GreetFunction", Greeter.class.getName() + "::handleRequest", Map.of("GREETING", "Hello")));
        int before = CREATED.get();
        String definition = task(lambdas.arn("GreetFunction"), "");

        ExecutionDescription first = run(definition, "{\"name\":\"Ann\"}");
        run(definition, "{\"name\":\"Bob\"}");

        assertThat(first.output()).isEqualTo(Json.parse("{\"name\":\"Ann\",\"greeting\":\"Hello Ann\",\"function\":\"GreetFunction\"}"));
        assertThat(CREATED.get() - before).isEqualTo(1);
    }

    @Test
    void shouldDeserializeLambdaEventTypesWithTheRuntimeSerializers() {
        lambdas.register(new FunctionSpec("Alarm", Scheduled.class.getName() + "::handleRequest", Map.of()));

        ExecutionDescription d = run(task(lambdas.arn("Alarm"), ""), """
            {"version":"0","id":"e1","detail-type":"CloudWatch Alarm State Change","source":"aws.cloudwatch",
             "account":"123456789012","time":"2026-01-01T00:00:00Z","region":"us-east-1","resources":[],
             "detail":{"state":"ALARM"}}""");

        assertThat(d.output().textValue()).isEqualTo("aws.cloudwatch|CloudWatch Alarm State Change|ALARM");
    }

    @Test
    void shouldReturnTheInvokeResponseShapeForLambdaInvoke() {
        lambdas.register(new FunctionSpec("Len", Streamer.class.getName(), Map.of()));

        ExecutionDescription d = run(task("arn:aws:states:::lambda:invoke",
                ",\"Parameters\":{\"FunctionName\":\"" + lambdas.arn("Len") + ":$LATEST\",\"Payload\":{\"text.$\":\"$.t\"}}"),
                "{\"t\":\"hello\"}");

        assertThat(d.output().get("Payload")).isEqualTo(Json.parse("{\"len\":5}"));
        assertThat(d.output().get("StatusCode").asInt()).isEqualTo(200);
        assertThat(d.output().get("ExecutedVersion").asText()).isEqualTo("$LATEST");
        assertThat(d.output().at("/SdkHttpMetadata/HttpStatusCode").asInt()).isEqualTo(200);
        assertThat(d.output().at("/SdkResponseMetadata/RequestId").asText()).isNotBlank();
    }

    @Test
    void shouldMapAHandlerExceptionLikeTheJavaRuntime() {
        lambdas.register(new FunctionSpec("Poll", Thrower.class.getName() + "::handleRequest", Map.of()));

        ExecutionDescription d = run(task(lambdas.arn("Poll"), ""), "{}");

        assertThat(d.error()).isEqualTo("java.lang.IllegalStateException");
        JsonNode cause = Json.parse(d.cause());
        assertThat(cause.get("errorMessage").asText()).isEqualTo("channel not ready: CREATING");
        assertThat(cause.get("errorType").asText()).isEqualTo("java.lang.IllegalStateException");
        assertThat(cause.get("stackTrace").get(0).asText()).contains("Thrower.handleRequest");
    }

    @Test
    void shouldFailWithResourceNotFoundForAnUnboundFunction() {
        ExecutionDescription d = run(task(lambdas.arn("Missing"), ""), "{}");

        assertThat(d.error()).isEqualTo("Lambda.ResourceNotFoundException");
        assertThat(d.cause()).contains("register the function or add it to template.yaml");
    }

    @Test
    void shouldNameSdkIntegrationErrorsAfterTheSdkClientAndException() {
        ExecutionDescription ddb = run(task("arn:aws:states:::aws-sdk:dynamodb:putItem",
                ",\"Parameters\":{\"TableName\":\"t\"}"), "{}");
        ExecutionDescription sfn = run(task("arn:aws:states:::aws-sdk:sfn:startExecution",
                ",\"Parameters\":{\"StateMachineArn\":\"x\"}"), "{}");

        assertThat(ddb.error()).isEqualTo("DynamoDb.ConditionalCheckFailedException");
        assertThat(sfn.error()).isEqualTo("Sfn.ExecutionAlreadyExistsException");
        assertThat(awsCalls.get("dynamodb:putItem")).isEqualTo(Json.parse("{\"TableName\":\"t\"}"));
    }

    @Test
    void shouldPublishThroughTheIntegration() {
        ExecutionDescription d = run(task("arn:aws:states:::sns:publish",
                ",\"Parameters\":{\"TopicArn\":\"arn:aws:sns:us-east-1:123456789012:t\",\"Message.$\":\"States.JsonToString($)\"}"),
                "{\"k\":1}");

        assertThat(d.output()).isEqualTo(Json.parse("{\"MessageId\":\"m-1\"}"));
        assertThat(awsCalls.get("sns:publish").get("Message").asText()).isEqualTo("{\"k\":1}");
    }
}
