/**
 * A queue record whose body can never be processed (not JSON, or not the message the consumer
 * reads). The batch handler drops such a record, logged, instead of sending it back for delivery
 * after delivery.
 */
export class MalformedMessageError extends Error {
  override readonly name = 'MalformedMessageError';
}
