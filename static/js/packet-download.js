// The regulator packet takes a few seconds to build: while it does, the button says so (and a
// screen reader hears it), then the file is saved. A refused range is shown by the server's page.
const form = document.getElementById('packet-form');
const button = document.getElementById('packet-button');
const status = document.getElementById('packet-status');

function filename(response) {
  const disposition = response.headers.get('Content-Disposition') || '';
  const match = /filename="?([^";]+)"?/.exec(disposition);
  return match ? match[1] : 'packet.zip';
}

if (form && button && status && window.fetch) {
  const label = button.textContent;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // Marked unavailable, not disabled: a disabled button loses the keyboard's focus for good.
    if (button.getAttribute('aria-disabled') === 'true') return;
    const url = `${form.action}?${new URLSearchParams(new FormData(form))}`;
    button.setAttribute('aria-disabled', 'true');
    button.textContent = 'Building…';
    status.textContent = 'Building the packet: the download starts when it is ready.';
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok || !(response.headers.get('Content-Type') || '').includes('zip')) {
        window.location.assign(url); // the page with the message at the field
        return;
      }
      const blob = await response.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = filename(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      const mb = (blob.size / 1048576).toFixed(1);
      status.textContent = `Ready: ${link.download} (${mb} MB) was downloaded.`;
    } catch {
      status.textContent = 'The packet could not be downloaded: check the connection and try again.';
    } finally {
      button.removeAttribute('aria-disabled');
      button.textContent = label;
    }
  });
  form.dataset.ready = 'packet';  // the button now builds in place (before: a plain download)
}
