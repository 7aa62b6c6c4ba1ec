/**
 * Dead-letter queue contract shared by triage (respond-to-alarm) and redrive (redrive-batch, the operator CLI). Triage
 * starts a redrive through {@link io.channelpilot.redrive.RedriveStarter} with a {@link io.channelpilot.redrive.RedriveRequest}.
 *
 * <ul>
 *   <li>{@link io.channelpilot.dlq.DlqParser} + {@link io.channelpilot.dlq.DlqFormat}: tolerant streaming reader of DLQ
 *       objects → {@link io.channelpilot.dlq.DlqEntry} per record, {@link io.channelpilot.dlq.DlqObjectResult} per object
 *       (Parsed or Quarantined with a {@link io.channelpilot.dlq.QuarantineReason}).</li>
 *   <li>{@link io.channelpilot.dlq.DlqCause}: the causes triage counts and redrive filters on.</li>
 *   <li>{@link io.channelpilot.dlq.RedriveCommandLine}: the operator command notifications print.</li>
 * </ul>
 * The MSK DLQ object format is not published (reference §5): every field name is configurable and UNCONFIRMED.
 */
package io.channelpilot.dlq;
