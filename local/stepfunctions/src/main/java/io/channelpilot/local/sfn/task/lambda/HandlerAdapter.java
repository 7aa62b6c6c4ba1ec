package io.channelpilot.local.sfn.task.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.channelpilot.local.sfn.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/**
 * Calls a handler the way the Java runtime does: {@link RequestStreamHandler} gets the JSON bytes; {@link RequestHandler}
 * gets its input type deserialized with {@code LambdaEventSerializers} for {@code com.amazonaws...events.*} classes
 * (the runtime's own serializers), else with Jackson; the output is serialized the same way.
 */
final class HandlerAdapter {

    private HandlerAdapter() {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static JsonNode invoke(Object handler, JsonNode payload, Context context) throws Exception {
        ClassLoader loader = handler.getClass().getClassLoader();
        if (handler instanceof RequestStreamHandler stream) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            stream.handleRequest(new ByteArrayInputStream(Json.write(payload).getBytes(StandardCharsets.UTF_8)), out, context);
            String text = out.toString(StandardCharsets.UTF_8);
            return text.isBlank() ? NullNode.getInstance() : Json.MAPPER.readTree(text);
        }
        if (handler instanceof RequestHandler requestHandler) {
            Class<?> inputType = inputType(handler.getClass());
            Object input = deserialize(payload, inputType, loader);
            Object output = requestHandler.handleRequest(input, context);
            return serialize(output, loader);
        }
        throw new IllegalArgumentException("handler " + handler.getClass().getName()
                + " implements neither RequestHandler nor RequestStreamHandler");
    }

    private static Object deserialize(JsonNode payload, Class<?> type, ClassLoader loader) throws IOException {
        if (LambdaEventSerializers.isLambdaSupportedEvent(type.getName())) {
            PojoSerializer<?> serializer = LambdaEventSerializers.serializerFor(type, loader);
            return serializer.fromJson(Json.write(payload));
        }
        return Json.MAPPER.treeToValue(payload, type);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static JsonNode serialize(Object output, ClassLoader loader) throws IOException {
        if (output == null) {
            return NullNode.getInstance();
        }
        if (LambdaEventSerializers.isLambdaSupportedEvent(output.getClass().getName())) {
            PojoSerializer serializer = LambdaEventSerializers.serializerFor(output.getClass(), loader);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            serializer.toJson(output, out);
            return Json.MAPPER.readTree(out.toByteArray());
        }
        return Json.MAPPER.valueToTree(output);
    }

    /** The I of RequestHandler&lt;I,O&gt;, found on the class or its superclasses; Object when erased. */
    static Class<?> inputType(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Type iface : c.getGenericInterfaces()) {
                if (iface instanceof ParameterizedType p && p.getRawType() == RequestHandler.class) {
                    Type arg = p.getActualTypeArguments()[0];
                    if (arg instanceof Class<?> cls) {
                        return cls;
                    }
                    if (arg instanceof ParameterizedType pa && pa.getRawType() instanceof Class<?> raw) {
                        return raw;
                    }
                }
            }
        }
        return Object.class;
    }
}
