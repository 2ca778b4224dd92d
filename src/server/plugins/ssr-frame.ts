/**
 * The page's one inline script (issue 27), run as the HTML is parsed, before the
 * bundle: the routes are hash routes, so the server drew `/` into #root and the
 * other landing screens into `<template data-route>`; this shows the one the
 * address names, or — for a route drawn by the phone only — its frame: the step's
 * title bar and a skeleton, so a deep link shared in a chat is not a blank page
 * while the bundle arrives. #root's `data-ssr` says which drawing it holds (the
 * phone hydrates only that one; main.tsx).
 *
 * ES5 and no template literals: it runs on the oldest phones the app serves.
 * Over a drawing, the bundle and the flow config are asked for after its first
 * contentful paint (this script adds the entry, its preloads and the route's, and
 * fetches the config #cf-boot names): on a slow phone, fetching, parsing and running
 * them before painting held the drawing back by their whole cost. Over a frame they
 * are asked for at once: the screen itself comes from them.
 *
 * A tap on the drawing before the bundle has taken it over would do nothing: the
 * script keeps the last one, and the phone gives it again once hydrated (the very
 * nodes stay, so the target is still the card or tile that was tapped).
 *
 * Its hash is in the CSP (headers.ts and index.html's meta; a test compares).
 */
import { createHash } from 'node:crypto';

export const FRAME_SCRIPT = [
  '(function(){',
  "var r=document.getElementById('root');if(!r)return;",
  // A tap on the drawing before the bundle has taken it over: kept, and given again once it has (app/main.tsx).
  "document.addEventListener('click',function(e){if(!window.__cfLive)window.__cfTap=e.target;},true);",
  "var k=(location.hash.replace(/^#/,'').split('?')[0]||'/').toLowerCase();",
  // [title, URLs]: the route's title for its frame; its chunks and schema (ssr-preloads.ts) load with the entry.
  "var m=['',[]];try{m=JSON.parse(document.getElementById('cf-routes').textContent)[k]||m;}catch(e){}",
  'function show(){',
  "if((r.getAttribute('data-ssr')||'').toLowerCase()===k)return true;",
  "var ts=document.querySelectorAll('template[data-route]');",
  "for(var i=0;i<ts.length;i++){var w=ts[i].getAttribute('data-route');if(w.toLowerCase()===k){r.innerHTML=ts[i].innerHTML;r.setAttribute('data-ssr',w);return true;}}",
  "r.removeAttribute('data-ssr');",
  "r.innerHTML='<div class=\"cf-frame\" aria-busy=\"true\"><div class=\"cf-frame-bar\"></div><div class=\"cf-frame-line\"></div><div class=\"cf-frame-line\"></div><div class=\"cf-frame-block\"></div></div>';",
  'r.firstChild.firstChild.textContent=m[0];return false;',
  '}',
  'var drawn=show();',
  // The entry script, the page's own module preloads and the route's (ssr-page.ts entryAfterPaint).
  "var n={};try{n=JSON.parse(document.getElementById('cf-entry').textContent);}catch(e){}if(!n.js)return;var done=false;",
  "var add=function(u){var l=document.createElement('link');if(/\\.js$/.test(u)){l.rel='modulepreload';l.crossOrigin='';}else{l.rel='preload';l.as='fetch';l.crossOrigin='use-credentials';}l.href=u;document.head.appendChild(l);};",
  // The flow config of the drawing's version (#cf-boot's cfgUrl), asked for with the entry: boot.ts takes this answer.
  "var go=function(){if(done)return;done=true;var p=(n.pre||[]).concat(m[1]);for(var j=0;j<p.length;j++)add(p[j]);",
  "try{var u=JSON.parse(document.getElementById('cf-boot').textContent).cfgUrl;if(u&&window.fetch)window.__cfConfig=fetch(u,{credentials:'include'});}catch(e){}",
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=n.js;document.head.appendChild(s);};",
  // A route the phone draws (its frame is shown): its screen comes at the end of the bundle and the config, so both
  // are asked for at once. Over a drawing: after its first contentful paint (a page's first frame may paint only its
  // background, and the text one or two frames later), so nothing of the bundle shares the line with the drawing or
  // holds it back; without the paint timing API, two frames on. A hidden page paints nothing until shown: at once.
  // The timeout only guards a paint that never comes.
  "if(!drawn||document.hidden||!window.requestAnimationFrame)return go();",
  "var after=function(){setTimeout(go,0);};setTimeout(go,1000);",
  "try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){new PerformanceObserver(function(l){var es=l.getEntries();for(var q=0;q<es.length;q++)if(es[q].name==='first-contentful-paint')after();}).observe({type:'paint',buffered:true});return;}}catch(e){}",
  'requestAnimationFrame(function(){requestAnimationFrame(after);});',
  '})();',
].join('');

export const FRAME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`;
