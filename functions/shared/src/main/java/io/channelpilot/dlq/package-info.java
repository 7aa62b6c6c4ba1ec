/**
 * Dead-letter queue contract shared by triage (respond-to-alarm) and redrive (redrive-batch, the operator CLI).
 *
 * <ul>
 *   <li>{@link io.channelpilot.dlq.DlqParser} + {@link io.channelpilot.dlq.DlqFormat}: tolerant streaming reader of DLQ
 *       objects → {@link io.channelpilot.dlq.DlqEntry} per record, {@link io.channelpilot.dlq.DlqObjectResult} per object
 *       (Parsed or Quarantined with a {@link io.channelpilot.dlq.QuarantineReason}).</li>
 *   <li>{@link io.channelpilot.dlq.DlqCause}: the causes triage counts and redrive filters on.</li>
 *   <li>{@link io.channelpilot.dlq.RedriveStarter}: the port triage calls for {@code redrive=auto}; implemented by the
 *       redrive side. {@link io.channelpilot.dlq.RedriveRequest} in, {@link io.channelpilot.dlq.RedriveStart} out.</li>
 * </ul>
 * The MSK DLQ object format is not published (reference §5): every field name is configurable and UNCONFIRMED.
 */
package io.channelpilot.dlq;
