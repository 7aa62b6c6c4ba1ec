package io.channelpilot.gateway;

import io.channelpilot.notification.RenderedNotification;

/** Publishes a rendered notification (SNS in the deployment, the local world's SNS offline). */
public interface NotificationPublisher {

    /** @return the message id */
    String publish(RenderedNotification message);
}
