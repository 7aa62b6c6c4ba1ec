package io.channelpilot.local.world.msk;

import io.channelpilot.local.world.http.AwsRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MSK operation a request addresses, from its method and path (paths from the SDK 2.50.2 marshallers). Path
 * parameters are ARNs percent-encoded as one segment (reference §1.0).
 *
 * @param clusterArn  {@code {clusterArn}} for cluster-scoped routes, else null
 * @param name        topic name or channel ARN for item routes, else null
 * @param resourceArn tag resource ARN or cluster-operation ARN, else null
 */
record MskRoute(String operation, String clusterArn, String name, String resourceArn) {

    static MskRoute of(AwsRequest request) {
        return of(request.method(), request.pathSegments(), request.rawPath());
    }

    /**
     * The same route with its path parameters exactly as sent (still percent-encoded): CloudTrail records REST path
     * parameters that way (e.g. {@code "clusterArn": "arn%3Aaws%3Akafka%3A..."} in the MSK developer guide examples).
     */
    static MskRoute ofRaw(AwsRequest request) {
        String p = request.rawPath().startsWith("/") ? request.rawPath().substring(1) : request.rawPath();
        return of(request.method(), List.of(p.split("/", -1)), request.rawPath());
    }

    private static MskRoute of(String m, List<String> s, String rawPath) {
        int n = s.size();
        if (n >= 3 && s.get(0).equals("api") && s.get(1).equals("v2")) {
            if (s.get(2).equals("clusters") && n == 3 && m.equals("GET")) {
                return new MskRoute("ListClustersV2", null, null, null);
            }
            if (s.get(2).equals("clusters") && n == 4 && m.equals("GET")) {
                return new MskRoute("DescribeClusterV2", s.get(3), null, null);
            }
            if (s.get(2).equals("operations") && n == 4 && m.equals("GET")) {
                return new MskRoute("DescribeClusterOperationV2", null, null, s.get(3));
            }
        }
        if (n >= 2 && s.get(0).equals("v1")) {
            if (s.get(1).equals("operations") && n == 3 && m.equals("GET")) {
                return new MskRoute("DescribeClusterOperation", null, null, s.get(2));
            }
            if (s.get(1).equals("tags") && n == 3) {
                String op = switch (m) {
                    case "POST" -> "TagResource";
                    case "DELETE" -> "UntagResource";
                    case "GET" -> "ListTagsForResource";
                    default -> null;
                };
                if (op != null) {
                    return new MskRoute(op, null, null, s.get(2));
                }
            }
            if (s.get(1).equals("clusters") && n >= 4) {
                String kind = s.get(3);
                String noun = kind.equals("topics") ? "Topic" : kind.equals("channels") ? "Channel" : null;
                if (noun != null && n == 4) {
                    String op = m.equals("POST") ? "Create" + noun : m.equals("GET") ? "List" + noun + "s" : null;
                    if (op != null) {
                        return new MskRoute(op, s.get(2), null, null);
                    }
                }
                if (noun != null && n == 5) {
                    String op = switch (m) {
                        case "GET" -> "Describe" + noun;
                        case "PUT" -> "Update" + noun;
                        case "DELETE" -> "Delete" + noun;
                        default -> null;
                    };
                    if (op != null) {
                        return new MskRoute(op, s.get(2), s.get(4), null);
                    }
                }
            }
        }
        throw MskErrors.notFound("path", "No MSK operation for " + m + " " + rawPath);
    }

    /** Path parameters by their SDK member names, as CloudTrail records them. */
    Map<String, String> pathParameters() {
        Map<String, String> out = new LinkedHashMap<>();
        if (clusterArn != null) {
            out.put("clusterArn", clusterArn);
        }
        if (name != null) {
            out.put(operation.endsWith("Topic") ? "topicName" : "channelArn", name);
        }
        if (resourceArn != null) {
            out.put(operation.contains("Operation") ? "clusterOperationArn" : "resourceArn", resourceArn);
        }
        return out;
    }
}
