/** Every command carries the moment it was issued; deciders never read a clock. */
export interface CommandMetadata {
  readonly now: Date
}
