import { benchSchema } from './bench-schema';

const names = Object.keys(benchSchema(130).properties as object);

/** `?impl=plain`: calibration — 130 bare uncontrolled inputs, no script work per key. */
export function Page() {
  return (
    <div>
      {names.map((k) => (
        <p key={k}>
          <label>
            {k} <input id={`plain-${k}`} />
          </label>
        </p>
      ))}
    </div>
  );
}
