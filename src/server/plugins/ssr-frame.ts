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
 * The bundle is asked for after the first paint of what is shown (this script adds
 * the entry, its preloads and the route's after a frame): on a slow phone, fetching,
 * parsing and running it before painting held the drawing back by its whole cost.
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
  "if((r.getAttribute('data-ssr')||'').toLowerCase()===k)return;",
  "var ts=document.querySelectorAll('template[data-route]');",
  "for(var i=0;i<ts.length;i++){var w=ts[i].getAttribute('data-route');if(w.toLowerCase()===k){r.innerHTML=ts[i].innerHTML;r.setAttribute('data-ssr',w);return;}}",
  "r.removeAttribute('data-ssr');",
  "r.innerHTML='<div class=\"cf-frame\" aria-busy=\"true\"><div class=\"cf-frame-bar\"></div><div class=\"cf-frame-line\"></div><div class=\"cf-frame-line\"></div><div class=\"cf-frame-block\"></div></div>';",
  'r.firstChild.firstChild.textContent=m[0];',
  '}',
  'show();',
  // After the first paint of what is shown: the entry script, the page's own module preloads and the route's
  // (ssr-page.ts entryAfterPaint): nothing of the bundle shares the line with the drawing or holds it back.
  "var n={};try{n=JSON.parse(document.getElementById('cf-entry').textContent);}catch(e){}if(!n.js)return;var done=false;",
  "var add=function(u){var l=document.createElement('link');if(/\\.js$/.test(u)){l.rel='modulepreload';l.crossOrigin='';}else{l.rel='preload';l.as='fetch';l.crossOrigin='use-credentials';}l.href=u;document.head.appendChild(l);};",
  "var go=function(){if(done)return;done=true;var p=(n.pre||[]).concat(m[1]);for(var j=0;j<p.length;j++)add(p[j]);",
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=n.js;document.head.appendChild(s);};",
  'if(window.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(go,0);});setTimeout(go,100);',
  '})();',
].join('');

export const FRAME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`;
