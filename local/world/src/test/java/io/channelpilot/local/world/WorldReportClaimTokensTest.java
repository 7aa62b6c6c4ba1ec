package io.channelpilot.local.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report numbers claim tokens (random nonces per claim attempt) so identical runs compare equal. */
class WorldReportClaimTokensTest {

    private static final String FIRST = "638b5103-11ee-42a2-bad8-ad17c65b70ea";
    private static final String SECOND = "31fcac7f-4ce1-4ef1-b0c9-c1486991f787";

    private static String claim(String token) {
        return "POST /\n{\"TableName\":\"t\",\"Item\":{\"pk\":{\"S\":\"EVENT#e\"},\"token\":{\"S\":\"" + token
                + "\"}},\"ExpressionAttributeValues\":{\":now\":{\"N\":\"1\"},\":token\":{\"S\":\"" + token + "\"}}}";
    }

    @Test
    void shouldNumberTokensInOrderOfFirstAppearanceAndKeepARetrysNumber() {
        Map<String, String> tokens = new HashMap<>();
        String first = WorldReport.numberedClaimTokens(claim(FIRST), tokens);
        String retry = WorldReport.numberedClaimTokens(claim(FIRST), tokens);
        String second = WorldReport.numberedClaimTokens(claim(SECOND), tokens);

        assertThat(first).doesNotContain(FIRST).contains("\"token\":{\"S\":\"claim-token-1\"}")
                .contains("\":token\":{\"S\":\"claim-token-1\"}");
        assertThat(retry).isEqualTo(first);
        assertThat(second).contains("claim-token-2").doesNotContain("claim-token-1");
    }

    @Test
    void shouldLeaveOtherStringsAlone() {
        String other = "POST /\n{\"Item\":{\"taskId\":{\"S\":\"" + FIRST + "\"}}}";
        assertThat(WorldReport.numberedClaimTokens(other, new HashMap<>())).isEqualTo(other);
    }
}
