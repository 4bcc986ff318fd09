/** Recognises DynamoDB's failed-condition error, which both DynamoDB and dynalite raise by name. */
export function isConditionFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
