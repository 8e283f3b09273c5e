/**
 * The review page's body down to the comment's typing hint, the same in the editor's review view and in a review
 * packet: the ids the two page scripts fill. `ratings` is the buttons' markup, `commentAttributes` the comment
 * box's extra attributes.
 */
export function reviewCardMarkup(ratings: string, commentAttributes = ''): string {
  return `<h1 id="title"></h1>
<div id="header"></div>
<div id="progress" aria-live="polite"></div>
<div class="progress" id="progressbar" role="progressbar" aria-valuemin="0" aria-valuenow="0" aria-valuemax="0"><div id="bar"></div></div>
<section id="card" tabindex="0" aria-describedby="keys">
<div id="meta"></div>
<div class="label" id="label-source"></div>
<p class="text" id="source" aria-labelledby="label-source"></p>
<div class="label" id="label-reference"></div>
<p class="text" id="reference" aria-labelledby="label-reference"></p>
<div class="label" id="label-predicted"></div>
<p class="text" id="predicted" aria-labelledby="label-predicted"></p>
<div class="ratings" role="group" aria-labelledby="label-predicted">${ratings}</div>
<label class="label" id="label-comment" for="comment"></label>
<textarea id="comment" dir="auto"${commentAttributes} aria-describedby="typing"></textarea>
<div id="typing" class="hint"></div>`;
}
