use super::*;

#[test]
fn the_hash_is_fixed() {
    assert_eq!(hash("a", "b"), hash("a", "b"));
    assert_ne!(hash("a", "b"), hash("b", "a"));
}

#[test]
fn dates_stay_in_the_window_and_answers_follow() {
    let window = Window::new().unwrap();
    assert_eq!(timestamp(window.first).unwrap(), "2024-01-01T00:00:00Z");
    assert_eq!(timestamp(window.last).unwrap(), "2026-10-31T23:59:59Z");
    for i in 0..200 {
        let key = format!("question {i}");
        let asked = window.question_time(&key);
        assert!(asked >= window.first && asked <= window.last - ANSWER_ROOM_DAYS * 86_400);
        let answered = window.answer_time(asked, &key);
        assert!(answered > asked && answered <= window.last);
    }
    assert_eq!(window.answer_time(window.last, "x"), window.last);
}

#[test]
fn about_half_are_accepted_and_a_tenth_edited() {
    let keys: Vec<String> = (0..1000).map(|i| format!("k{i}")).collect();
    let accepted = keys.iter().filter(|k| first_answer_accepted(k)).count();
    let edited = keys.iter().filter(|k| edited(k)).count();
    assert!((400..=600).contains(&accepted), "{accepted}");
    assert!((60..=140).contains(&edited), "{edited}");
    for key in &keys {
        let (up, down) = question_votes(key);
        assert!(up <= 62 && down <= 8);
        let (up, down) = answer_votes(key);
        assert!(up <= 94 && down <= 4);
    }
}

#[test]
fn pick_avoids_the_excluded_choice() {
    for i in 0..50 {
        let key = i.to_string();
        assert_eq!(pick("p", &key, &[1, 2], Some(1)), Some(2));
    }
    assert_eq!(pick("p", "k", &[], None), None);
}
