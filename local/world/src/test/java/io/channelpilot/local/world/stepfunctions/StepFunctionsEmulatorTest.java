package io.channelpilot.local.world.stepfunctions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.SfnRuntime;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionAlreadyExistsException;
import software.amazon.awssdk.services.sfn.model.ExecutionDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;

/** Step Functions API contract through the real SDK client, backed by the local runner. */
class StepFunctionsEmulatorTest {

    private static final String DEFINITION = """
            {"StartAt":"Greet","States":{"Greet":{"Type":"Pass","Parameters":{"hello.$":"$.who"},"End":true}}}""";

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    private EmulatorServer server;
    private SfnClient sfn;
    private String machineArn;

    @BeforeEach
    void start() throws Exception {
        ExecutionService executions = ExecutionService.synchronous(SfnRuntime.of(clock, clock, request -> {
            throw new IllegalStateException("no tasks in this test");
        }));
        machineArn = executions.registerStateMachine("greeter", StateMachineDef.parse(DEFINITION),
                "arn:aws:iam::123456789012:role/sfn");
        StepFunctionsEmulator emulator = new StepFunctionsEmulator(executions);
        emulator.describeMachine(new StepFunctionsEmulator.Machine(machineArn, "greeter", DEFINITION,
                "arn:aws:iam::123456789012:role/sfn", clock.instant()));
        server = EmulatorServer.start(new FaultInjector(1, clock)).register(emulator);
        sfn = SfnClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry())).build();
    }

    @AfterEach
    void stop() {
        sfn.close();
        server.close();
    }

    @Test
    void shouldStartAndDescribeAnExecutionThroughTheRealClient() {
        String arn = sfn.startExecution(r -> r.stateMachineArn(machineArn).name("evt-1").input("{\"who\":\"pilot\"}"))
                .executionArn();

        DescribeExecutionResponse d = sfn.describeExecution(r -> r.executionArn(arn));

        assertThat(arn).endsWith(":execution:greeter:evt-1");
        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.output()).isEqualTo("{\"hello\":\"pilot\"}");
        assertThat(d.startDate()).isEqualTo(clock.instant());
        assertThat(sfn.listExecutions(r -> r.stateMachineArn(machineArn)).executions())
                .extracting(e -> e.name()).containsExactly("evt-1");
        assertThat(sfn.listStateMachines().stateMachines()).extracting(m -> m.name()).containsExactly("greeter");
    }

    @Test
    void shouldRefuseTheSameNameWithAnotherInputAfterClose() {
        sfn.startExecution(r -> r.stateMachineArn(machineArn).name("evt-2").input("{\"who\":\"a\"}"));

        assertThatThrownBy(() -> sfn.startExecution(r -> r.stateMachineArn(machineArn).name("evt-2")
                .input("{\"who\":\"b\"}"))).isInstanceOf(ExecutionAlreadyExistsException.class);
    }

    @Test
    void shouldRaiseExecutionDoesNotExistForUnknownArn() {
        assertThatThrownBy(() -> sfn.describeExecution(r -> r.executionArn(
                "arn:aws:states:us-east-1:123456789012:execution:greeter:nope")))
                .isInstanceOf(ExecutionDoesNotExistException.class);
    }
}
