/**
 * Orders: creation (personal and group), payment hold and its expiry, payment
 * marking (notify / sandbox), cancellation and refund. Every place change is a
 * conditional UPDATE inside a transaction; every state change is conditional on
 * the state it leaves, so concurrent requests and several instances stay correct.
 * One file per concern; this index is what routes import.
 */
export * from './model';
export * from './rules';
export * from './create';
export * from './holds';
export * from './cancel';
export * from './payment';
