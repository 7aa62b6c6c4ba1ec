package io.channelpilot.local.world.sns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.AwsServiceError;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** SNS filter policies (attribute and body scope) against Channel Pilot's notification attributes. */
class FilterPolicyTest {

    private static final Map<String, MessageAttribute> ATTRIBUTES = attributes();

    private static Map<String, MessageAttribute> attributes() {
        Map<String, MessageAttribute> a = new LinkedHashMap<>();
        a.put("kind", new MessageAttribute("String", "alarm.failed-rows", null));
        a.put("severity", new MessageAttribute("String", "critical", null));
        a.put("records", new MessageAttribute("Number", "42", null));
        a.put("owners", new MessageAttribute("String.Array", "[\"team-a\",\"team-b\"]", null));
        a.put("blob", new MessageAttribute("Binary", null, "AQI="));
        return a;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"severity\":[\"critical\"]} | true",
        "{\"severity\":[\"warning\",\"critical\"]} | true",
        "{\"severity\":[\"warning\"]} | false",
        "{\"kind\":[{\"prefix\":\"alarm.\"}]} | true",
        "{\"kind\":[{\"prefix\":\"redrive.\"}]} | false",
        "{\"kind\":[{\"suffix\":\"-rows\"}]} | true",
        "{\"severity\":[{\"anything-but\":[\"info\",\"warning\"]}]} | true",
        "{\"severity\":[{\"anything-but\":\"critical\"}]} | false",
        "{\"records\":[{\"numeric\":[\">\",10,\"<=\",42]}]} | true",
        "{\"records\":[{\"numeric\":[\">\",42]}]} | false",
        "{\"records\":[42]} | true",
        "{\"records\":[\"42\"]} | false",
        "{\"owner\":[{\"exists\":false}]} | true",
        "{\"severity\":[{\"exists\":true}]} | true",
        "{\"severity\":[{\"exists\":false}]} | false",
        "{\"owners\":[\"team-b\"]} | true",
        "{\"owners\":[\"team-c\"]} | false",
        "{\"severity\":[{\"equals-ignore-case\":\"CRITICAL\"}]} | true",
        "{\"severity\":[\"critical\"],\"kind\":[\"alarm.freshness\"]} | false",
        "{\"blob\":[{\"exists\":true}]} | false",
    })
    void shouldMatchAttributeScopePoliciesLikeSns(String policy, boolean matches) {
        FilterPolicies.validate(policy);
        assertThat(FilterPolicies.matches(policy, "MessageAttributes", ATTRIBUTES, "body")).isEqualTo(matches);
    }

    @Test
    void shouldMatchBodyScopePoliciesAgainstJsonMessages() {
        String body = "{\"kind\":\"alarm\",\"cluster\":\"prod\",\"facts\":{\"records\":7}}";
        assertThat(FilterPolicies.matches("{\"facts\":{\"records\":[{\"numeric\":[\">=\",5]}]}}", "MessageBody",
                Map.of(), body)).isTrue();
        assertThat(FilterPolicies.matches("{\"cluster\":[\"dev\"]}", "MessageBody", Map.of(), body)).isFalse();
        assertThat(FilterPolicies.matches("{\"cluster\":[\"prod\"]}", "MessageBody", Map.of(), "plain text")).isFalse();
    }

    @Test
    void shouldRefuseInvalidPolicies() {
        assertThatThrownBy(() -> FilterPolicies.validate("[1]"))
                .isInstanceOfSatisfying(AwsServiceError.class, e -> assertThat(e.code()).isEqualTo("InvalidParameter"));
        assertThatThrownBy(() -> FilterPolicies.validate("{\"a\":[{\"numeric\":[\"~\",1]}]}"))
                .hasMessageStartingWith("Invalid parameter: FilterPolicy: ");
    }
}
