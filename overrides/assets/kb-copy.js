// Copy link: the control under each item's heading on an issue page (kb/render/issue_page.py writes it hidden)
// copies the item's address: this page's, with the id of the heading just above the control as its anchor.
// The address is built here from the page's own location and that id, never read from the content, so a
// forged control can only copy an anchor of this same page. The status line (aria-live) says it was copied.
(() => {
  const copy = async (text) => {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    const area = Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      if (!document.execCommand("copy")) throw new Error("copy refused");
    } finally {
      area.remove();
    }
  };
  for (const box of document.querySelectorAll("article p.kb-copy")) {
    const heading = box.previousElementSibling;
    const button = box.querySelector("button.kb-copy-link");
    const status = box.querySelector(".kb-copy-status");
    if (!heading || !/^H[1-6]$/.test(heading.tagName) || !heading.id || !button || !status) continue;
    const address = new URL(location.href);
    address.hash = heading.id;
    button.addEventListener("click", async () => {
      status.textContent = "";
      try {
        await copy(address.href);
        status.textContent = button.dataset.kbCopied;
      } catch {
        status.textContent = address.href; // shown, to copy by hand
      }
    });
    box.hidden = false;
  }
})();
