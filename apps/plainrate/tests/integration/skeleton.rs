//! What every response carries: a request id, security headers, JSON errors.

use crate::common;

#[tokio::test]
async fn health_answers_with_security_headers_and_a_request_id() {
    for app in common::apps().await {
        let r = app.get("/healthz", &[]).await;
        assert_eq!(r.status, 200, "{}", app.name);
        assert_eq!(r.text(), "ok");
        let csp = r.header("content-security-policy").unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("object-src 'none'"), "{csp}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(
            r.header("referrer-policy"),
            Some("strict-origin-when-cross-origin")
        );
        assert_eq!(r.header("x-request-id").map(str::len), Some(16));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn a_plain_client_request_id_is_echoed_and_a_hostile_one_replaced() {
    for app in common::apps().await {
        let r = app.get("/healthz", &[("x-request-id", "abc-123")]).await;
        assert_eq!(r.header("x-request-id"), Some("abc-123"));
        let r = app.get("/healthz", &[("x-request-id", "<script>")]).await;
        assert_ne!(r.header("x-request-id"), Some("<script>"));
        app.cleanup().await;
    }
}

#[tokio::test]
async fn unknown_paths_and_wrong_methods_answer_json_errors() {
    for app in common::apps().await {
        let r = app.get("/no/such/page", &[]).await;
        assert_eq!(r.status, 404);
        assert_eq!(r.json()["error"], true);
        assert_eq!(r.json()["code"], "not_found");
        let r = app.post_form("/healthz", "", &[]).await;
        assert_eq!(r.status, 405);
        assert_eq!(r.json()["error"], true);
        app.cleanup().await;
    }
}

#[tokio::test]
async fn the_dispatch_endpoint_refuses_unknown_actions_and_bad_bodies() {
    for app in common::apps().await {
        let r = app.get("/home/rpc?action=no-such-action", &[]).await;
        assert_eq!(r.status, 400);
        assert!(
            r.json()["message"]
                .as_str()
                .unwrap()
                .contains("unknown action")
        );
        let r = app.get("/ajax.php", &[]).await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["field"], "action");
        let r = app
            .post_form("/home/rpc", "{", &[("content-type", "application/json")])
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        let big = "a=".to_owned() + &"x".repeat(70 * 1024);
        let r = app.post_form("/home/rpc", &big, &[]).await;
        assert_eq!(r.status, 413, "{}", r.text());
        assert_eq!(r.json()["code"], "payload_too_large");
        app.cleanup().await;
    }
}
