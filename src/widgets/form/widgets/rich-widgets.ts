/**
 * The widgets a sign-in or order form does not draw — long text, numbers, dates,
 * ratings, repeatable lists, the signature pad — one chunk loaded with the first form that
 * uses any of them (registry.ts): one file compresses better than seven.
 */
export { TextAreaWidget as textarea } from './TextAreaWidget';
export { NumberWidget as number } from './NumberWidget';
export { DateWidget as date } from './DateWidget';
export { RatingWidget as rating } from './RatingWidget';
export { ListWidget as list } from './ListWidget';
export { SignatureWidget as signature } from './SignatureWidget';
