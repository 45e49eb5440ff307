'use strict';
// Tags as the page reads and writes them: the tag filter a person types, a series' tags, a group's name.
const Tags = (() => {
  // The tag= parameters of text: conditions in the forms of the HTTP tag= parameter (key:value, key:v1,v2, key)
  // separated by white space; '\ ' is a space inside a value, and the API's own '\,' and '\\' pass as they are.
  function conditions(text) {
    const out = [];
    let current = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '\\' && i + 1 < text.length) {
        current += text[i + 1] === ' ' ? ' ' : c + text[i + 1];
        i++;
      } else if (/\s/.test(c)) {
        if (current) {
          out.push(current);
        }
        current = '';
      } else {
        current += c;
      }
    }
    if (current) {
      out.push(current);
    }
    return out;
  }

  // A series' tags as the list shows them: key=value, in key order, separated by spaces.
  function text(tags) {
    return Object.keys(tags || {}).sort().map((k) => k + '=' + tags[k]).join(' ');
  }

  // A group of the grouped aggregates as its legend names it: key=value, or 'key (none)' for the series without it.
  function groupName(group) {
    return Object.entries(group).map(([k, v]) => (v === null ? k + ' (none)' : k + '=' + v)).join(', ');
  }

  return { conditions, text, groupName };
})();
