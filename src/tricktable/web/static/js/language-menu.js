// The language menu of the top bar (drawn by the server: web/pages/templates/partials/
// language_menu.html): a form that works without JavaScript through its button; with it,
// choosing a language is enough.  The page comes back where it was (its path, query and #game),
// now in the chosen language.

for (const form of document.querySelectorAll('form.language-menu')) {
  const select = form.querySelector('select[name="lang"]');
  const submit = form.querySelector('button[type="submit"]');
  if (!select) continue;
  if (submit) submit.hidden = true;
  const chosen = select.value;
  select.addEventListener('change', () => {
    if (select.value === chosen) return;
    form.querySelector('input[name="next"]').value = location.pathname + location.search + location.hash;
    form.submit();
  });
}
