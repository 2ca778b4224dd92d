/*
 * Runs before the app's modules in every engine (a classic `defer` script that
 * vite.config.ts puts first in <head>; the CSP allows no inline script). Plain
 * ES5 on purpose: it must parse in the oldest WeChat kernels too.
 *
 * 1. An engine below the floor (docs/decisions-app.md "Older phones": Chrome 66,
 *    iOS 12.2) gets a plain Chinese notice instead of a blank page. Probes, not
 *    UA sniffing: ES modules (Chrome 61, Safari 11), AbortController (Chrome 66,
 *    Safari 12.1), IntersectionObserver (Chrome 58, Safari 12.1).
 * 2. Above the floor, the few APIs the bundle calls that the floor lacks
 *    (scripts/check-engine-floor.ts keeps this list honest) are filled in, only
 *    where missing: modern engines run the checks and nothing else.
 */
(function () {
  var w = window;
  var tooOld =
    !('noModule' in document.createElement('script')) || typeof w.AbortController !== 'function' || typeof w.IntersectionObserver !== 'function';
  if (tooOld) {
    w.__checkupTooOld = true;
    var root = document.getElementById('root');
    if (root) {
      root.innerHTML =
        '<div style="padding:48px 24px;font-size:16px;line-height:1.7;color:#333;text-align:center">' +
        '<p style="font-size:18px;margin-bottom:12px">当前微信版本或手机系统过旧，无法打开体检预约</p>' +
        '<p>请在微信「我 → 设置 → 关于微信」中升级微信后重新打开；苹果手机请将系统升级到 iOS 12.2 或更高版本。</p>' +
        '<p>也可以拨打体检中心电话预约。</p></div>';
    }
    return;
  }
  function define(obj, name, value) {
    if (obj[name]) return;
    Object.defineProperty(obj, name, { value: value, writable: true, configurable: true });
  }
  // Chrome 73, Safari 12.1
  define(Object, 'fromEntries', function (entries) {
    var out = {};
    var it = entries[Symbol.iterator]();
    for (var s = it.next(); !s.done; s = it.next()) out[s.value[0]] = s.value[1];
    return out;
  });
  // Chrome 93, Safari 15.4
  define(Object, 'hasOwn', function (obj, key) {
    return Object.prototype.hasOwnProperty.call(Object(obj), key);
  });
  // Chrome 69, Safari 12
  function flatten(into, arr, depth) {
    for (var i = 0; i < arr.length; i++) {
      if (!(i in arr)) continue;
      if (depth > 0 && Array.isArray(arr[i])) flatten(into, arr[i], depth - 1);
      else into.push(arr[i]);
    }
    return into;
  }
  define(Array.prototype, 'flat', function (depth) {
    return flatten([], this, depth === undefined ? 1 : Number(depth) || 0);
  });
  define(Array.prototype, 'flatMap', function (fn, thisArg) {
    return flatten([], Array.prototype.map.call(this, fn, thisArg), 1);
  });
  // Chrome 98, Safari 15.4. The app clones plain data (schema defaults, form
  // values): objects, arrays, dates, maps, sets, cycles. Functions and DOM nodes
  // cannot be cloned, as with the real one.
  define(w, 'structuredClone', function (value) {
    var seen = new Map();
    function clone(v) {
      if (typeof v === 'function' || typeof v === 'symbol') throw new TypeError('DataCloneError: ' + String(v) + ' could not be cloned.');
      if (v === null || typeof v !== 'object') return v;
      if (seen.has(v)) return seen.get(v);
      var out;
      if (v instanceof Date) out = new Date(v.getTime());
      else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
      else if (v instanceof Map) {
        out = new Map();
        seen.set(v, out);
        v.forEach(function (val, key) {
          out.set(clone(key), clone(val));
        });
        return out;
      } else if (v instanceof Set) {
        out = new Set();
        seen.set(v, out);
        v.forEach(function (val) {
          out.add(clone(val));
        });
        return out;
      } else if (Array.isArray(v)) {
        out = new Array(v.length);
        seen.set(v, out);
        for (var i = 0; i < v.length; i++) out[i] = clone(v[i]);
        return out;
      } else {
        out = {};
        seen.set(v, out);
        var keys = Object.keys(v);
        for (var k = 0; k < keys.length; k++) out[keys[k]] = clone(v[keys[k]]);
        return out;
      }
      seen.set(v, out);
      return out;
    }
    return clone(value);
  });
})();
