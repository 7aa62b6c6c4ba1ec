package io.channelpilot.local.world.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;

/** Renders an {@link AwsServiceError} in the wire shape of each protocol (reference §1.0, stack.md P3). */
final class ErrorRenderer {

    private ErrorRenderer() {
    }

    static AwsResponse render(AwsServiceError error, Protocol protocol) {
        String requestId = UUID.randomUUID().toString();
        return switch (protocol) {
            case REST_JSON -> {
                ObjectNode body = Json.object().put("message", error.getMessage());
                error.extraFields().forEach((k, v) -> body.set(k, Json.MAPPER.valueToTree(v)));
                yield AwsResponse.json(error.status(), body, protocol)
                        .withHeader("x-amzn-ErrorType", error.code())
                        .withHeader("x-amzn-RequestId", requestId);
            }
            case AWS_JSON_1_0, AWS_JSON_1_1 -> {
                ObjectNode body = Json.object().put("__type", error.code()).put("message", error.getMessage());
                error.extraFields().forEach((k, v) -> body.set(k, Json.MAPPER.valueToTree(v)));
                yield AwsResponse.json(error.status(), body, protocol)
                        .withHeader("x-amzn-RequestId", requestId);
            }
            case AWS_QUERY -> AwsResponse.xml(error.status(),
                    "<ErrorResponse><Error><Type>" + (error.isSenderFault() ? "Sender" : "Receiver") + "</Type>"
                            + "<Code>" + Xml.escape(error.code()) + "</Code><Message>" + Xml.escape(error.getMessage())
                            + "</Message></Error><RequestId>" + requestId + "</RequestId></ErrorResponse>")
                    .withHeader("x-amzn-RequestId", requestId);
            case RPC_V2_CBOR -> {
                // awsQueryCompatible services (CloudWatch): the SDK picks the exception class by the error shape name
                // in __type and reports the query error code from x-amzn-query-error. Emulators opt in by passing
                // the shape name as extra field "__type"; otherwise the code is the shape name.
                Object shape = error.extraFields().get("__type");
                ObjectNode body = Json.object().put("__type", shape == null ? error.code() : shape.toString())
                        .put("message", error.getMessage());
                AwsResponse response = AwsResponse.cbor(error.status(), Json.cborBytes(body))
                        .withHeader("x-amzn-RequestId", requestId);
                yield shape == null ? response : response.withHeader("x-amzn-query-error",
                        error.code() + ";" + (error.isSenderFault() ? "Sender" : "Receiver"));
            }
            case REST_XML -> AwsResponse.xml(error.status(),
                    "<Error><Code>" + Xml.escape(error.code()) + "</Code><Message>" + Xml.escape(error.getMessage())
                            + "</Message><RequestId>" + requestId + "</RequestId></Error>")
                    .withHeader("x-amz-request-id", requestId);
        };
    }
}
