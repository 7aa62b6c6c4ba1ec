package io.channelpilot.local.sfn.task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.asl.TaskResource;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.TaskInvoker;
import io.channelpilot.local.sfn.exec.TaskRequest;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.task.lambda.LambdaService;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Routes each Task resource kind to its backend: Lambda functions to the {@link LambdaService} (in-process or runtime mode), {@code sns:publish} and
 * {@code aws-sdk:*} to the embedder's {@link AwsServiceIntegration}, {@code states:startExecution} to the
 * {@link ExecutionService} (bound after construction, since the service itself needs this invoker).
 */
public final class StandardTaskInvoker implements TaskInvoker {

    private final LambdaService lambdas;
    private final AwsServiceIntegration aws;
    private final AtomicReference<ExecutionService> executions = new AtomicReference<>();

    public StandardTaskInvoker(LambdaService lambdas, AwsServiceIntegration aws) {
        this.lambdas = lambdas;
        this.aws = aws;
    }

    public void bindExecutions(ExecutionService service) {
        executions.set(service);
    }

    @Override
    public JsonNode invoke(TaskRequest request) {
        TaskResource resource = request.resource();
        if (resource instanceof TaskResource.LambdaFunction fn) {
            // "Resource": function ARN — "the output of the Lambda function is the task result" (payload only)
            return lambdas.invoke(fn.arn(), request.input());
        }
        if (resource instanceof TaskResource.LambdaInvoke) {
            return lambdaInvoke(request);
        }
        if (resource instanceof TaskResource.SnsPublish) {
            try {
                return aws.call("sns", "publish", request.input());
            } catch (AwsServiceIntegration.AwsServiceError e) {
                throw StatesFailure.of(AwsErrorNames.snsPublish(e.errorCode()), e.getMessage());
            }
        }
        if (resource instanceof TaskResource.AwsSdk sdk) {
            try {
                return aws.call(sdk.service(), sdk.action(), request.input());
            } catch (AwsServiceIntegration.AwsServiceError e) {
                throw StatesFailure.of(AwsErrorNames.sdkIntegration(sdk.service(), e.errorCode()), e.getMessage());
            }
        }
        ExecutionService service = executions.get();
        if (service == null) {
            throw StatesFailure.of(ErrorNames.TASK_FAILED, "no ExecutionService bound for " + resource.arn());
        }
        return StartExecutionTask.run((TaskResource.StartExecution) resource, request, service);
    }

    /**
     * {@code arn:aws:states:::lambda:invoke}: "Parameters: FunctionName, Payload ..." and the result is the Invoke
     * response: {ExecutedVersion, Payload, SdkHttpMetadata, SdkResponseMetadata, StatusCode} (AWS developer guide,
     * Invoke Lambda with Step Functions). A function error keeps the function's error name.
     */
    private JsonNode lambdaInvoke(TaskRequest request) {
        JsonNode params = request.input();
        if (params == null || !params.hasNonNull("FunctionName")) {
            throw StatesFailure.runtime("Task '" + request.stateName() + "': lambda:invoke needs Parameters.FunctionName");
        }
        String invocationType = params.path("InvocationType").asText("RequestResponse");
        JsonNode payload = params.has("Payload") ? params.get("Payload") : NullNode.getInstance();
        JsonNode result = lambdas.invoke(params.get("FunctionName").asText(), payload);
        String requestId = UUID.nameUUIDFromBytes((request.executionArn() + request.stateName() + Json.write(payload))
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString();
        ObjectNode response = Json.object();
        response.put("ExecutedVersion", "$LATEST");
        boolean event = invocationType.equals("Event");
        response.set("Payload", event ? Json.NODES.textNode("") : result);
        ObjectNode http = response.putObject("SdkHttpMetadata");
        ObjectNode headers = Json.object().put("Content-Type", "application/json").put("X-Amz-Executed-Version", "$LATEST")
                .put("x-amzn-RequestId", requestId);
        http.set("AllHttpHeaders", headers.deepCopy());
        http.set("HttpHeaders", headers);
        http.put("HttpStatusCode", event ? 202 : 200);
        response.putObject("SdkResponseMetadata").put("RequestId", requestId);
        response.put("StatusCode", event ? 202 : 200);
        return response;
    }
}
