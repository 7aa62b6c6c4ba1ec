package io.channelpilot.redrive.batch;

import io.channelpilot.dlq.DlqParser;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.redrive.batch.gateway.MskKafkaConnector;
import io.channelpilot.redrive.batch.gateway.S3DlqReader;
import io.channelpilot.time.TimeSource;

/**
 * The composition root of redrive-batch: its {@link BatchWorker}, which keeps Kafka connections between invocations.
 * On the local world's virtual clock the token bucket waits in virtual time.
 */
public record BatchWiring(BatchWorker worker) {

    /** The Lambda runtime's and the local world's wiring: the function environment's variables and clock. */
    public static BatchWiring from(FunctionEnvironment fn) {
        return from(BatchConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time());
    }

    public static BatchWiring from(BatchConfig config, AwsClients clients, TimeSource time) {
        return new BatchWiring(new BatchWorker(clients.redriveTaskStore(config.statusTable(), time.clock()),
                new S3DlqReader(clients.s3(), new DlqParser(config.format()), config.home().account()),
                new MskKafkaConnector(config.kafka(), clients::kafka, time.clock()), time.clock(), time.sleeper()));
    }
}
