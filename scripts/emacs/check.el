;;; check.el --- run by test/editors/emacs.test.ts in `emacs --batch' after docs/editors.md's snippet -*- lexical-binding: t -*-
;; Opens the tests file named by EWB_EMACS_FILE, lets eglot connect to the server and waits for its diagnostics
;; in flymake: two `duplicate-id' findings, the first on the first "dup_01". Exits 0 when they arrive, 1 otherwise.
(find-file (getenv "EWB_EMACS_FILE"))
;; Batch Emacs has no command loop: run the post-command hook `eglot-ensure' waits for.
(run-hooks 'post-command-hook)
(let ((deadline (+ (float-time) 30))
      (found nil))
  (while (and (not found) (< (float-time) deadline))
    (accept-process-output nil 0.2)
    (when (bound-and-true-p flymake-mode) (flymake-start))
    (setq found (sort (seq-filter (lambda (d) (string-match-p "Duplicate id" (flymake-diagnostic-text d)))
                                  (flymake-diagnostics))
                      (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))
  (let ((first (save-excursion (goto-char (point-min)) (search-forward "\"dup_01\"") (match-beginning 0))))
    (cond
     ((not (bound-and-true-p eglot--managed-mode))
      (message "FAIL: eglot does not manage the buffer (mode %s)" major-mode) (kill-emacs 1))
     ((/= (length found) 2)
      (message "FAIL: diagnostics %S" (mapcar #'flymake-diagnostic-text (flymake-diagnostics))) (kill-emacs 1))
     ((/= (flymake-diagnostic-beg (car found)) first)
      (message "FAIL: first duplicate at %d, expected %d" (flymake-diagnostic-beg (car found)) first) (kill-emacs 1))
     (t (message "emacs %s, eglot in %s: 2 duplicate-id diagnostics, the first at the first \"dup_01\"" emacs-version major-mode)
        (kill-emacs 0)))))
;;; check.el ends here
