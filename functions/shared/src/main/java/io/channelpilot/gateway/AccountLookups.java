package io.channelpilot.gateway;

import java.util.List;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.sfn.SfnClient;

/** Names to ARNs in the account and Region (the operator CLI's --cluster and state machine discovery), every page. */
public final class AccountLookups {

    /** A resource's name and its ARN. */
    public record NamedArn(String name, String arn) {
    }

    private final KafkaClient kafka;
    private final SfnClient sfn;

    AccountLookups(KafkaClient kafka, SfnClient sfn) {
        this.kafka = kafka;
        this.sfn = sfn;
    }

    /** MSK clusters whose name contains {@code nameFilter} (ListClustersV2's filter); null = every cluster. */
    public List<NamedArn> clusters(String nameFilter) {
        return kafka.listClustersV2Paginator(r -> r.clusterNameFilter(nameFilter)).clusterInfoList().stream()
                .map(c -> new NamedArn(c.clusterName(), c.clusterArn())).toList();
    }

    public List<NamedArn> stateMachines() {
        return sfn.listStateMachinesPaginator(r -> { }).stateMachines().stream()
                .map(m -> new NamedArn(m.name(), m.stateMachineArn())).toList();
    }
}
