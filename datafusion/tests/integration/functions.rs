//! Every function against the library, row by row, on the repository's
//! URL lists and on edge cases, in the three string layouts; and the
//! errors a query gets when it names what the grammar does not have.

use std::collections::BTreeMap;
use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, Int64Array, LargeStringArray, RecordBatch, StringArray,
    StringViewArray,
};
use datafusion::arrow::compute::concat;
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::util::display::array_value_to_string;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use rfc1738::dialect::{self, Dialect};
use rfc1738::{Options, Rule};

use crate::urls;

const LAYOUTS: [DataType; 3] = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];

/// The productions the checks and errors are compared on, with their
/// revision.
const GRAMMARS: [(&str, &str); 9] = [
    ("url", "rfc1738"),
    ("httpurl", "rfc1738"),
    ("ftpurl", "rfc1738"),
    ("hostport", "rfc1738"),
    ("url", "draft-jul93"),
    ("fragmentaddress", "draft-oct93"),
    ("url", "draft-03"),
    ("prefixedurl", "draft-03"),
    ("httpaddress", "draft-03"),
];

/// Strings that are not in the lists: NULL, empty, non-ASCII (in a host,
/// in a path, escapes that decode to invalid UTF-8), long ones, upper-case
/// schemes, numbers that do not fit, and every scheme's odd corners.
fn edge_cases() -> Vec<Option<String>> {
    let long = "a".repeat(256 << 10);
    let mut cases: Vec<Option<String>> = [
        "",
        " ",
        "http://ex\u{e4}mple.com/",
        "http://h.com/\u{1f600}",
        "http://h.com/caf%C3%A9",
        "ftp://h.com/%FF/x;type=A",
        "gopher://h.com/%FFsel",
        "gopher://h.com",
        "HTTP://H.COM/",
        "Ftp://u:p@H.com:021/a",
        "http://h.com:99999/",
        "nntp://h.com/alt.x/99999999999999999999999",
        "nntp://h.com:1119/alt.test/007",
        "news:*",
        "news:1234%25x@h.com",
        "telnet://u:p@h.com:23/",
        "wais://h.com/db?a+b",
        "wais://h.com:2100/db/TEXT/p%20q",
        "mailto:a%40b@c.d",
        "file:///etc/motd",
        "file://localhost/etc/motd",
        "prospero://h.com/a/b;x=y;z=w",
        "x-y:%41%",
        "https://u:p@h.com:8443/a?b",
        "http://user@h.com/",
        "http://h/a b",
        "URL:http://h/",
        "nntp:group/123",
        "line\nbreak:x",
    ]
    .into_iter()
    .map(|text| Some(text.to_owned()))
    .collect();
    cases.push(Some(format!("http://h.com/{long}")));
    cases.push(Some(format!("http://h.com/{long} ")));
    cases.push(Some(format!("x:{long}%")));
    cases.push(None);
    cases
}

/// The sample's URLs and the edge cases, with a NULL every 97 rows.
fn inputs() -> Vec<Option<String>> {
    let mut inputs: Vec<Option<String>> = Vec::new();
    for (index, row) in urls::sample().into_iter().enumerate() {
        if index % 97 == 0 {
            inputs.push(None);
        }
        inputs.push(Some(row.url));
    }
    inputs.extend(edge_cases());
    inputs
}

/// A session with the functions and a table `urls (id, url)` of `inputs`
/// in batches of 997 rows, the URLs in `layout`.
fn session(layout: &DataType, inputs: &[Option<String>]) -> SessionContext {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("url", layout.clone(), true),
    ]));
    let batches = inputs
        .chunks(997)
        .enumerate()
        .map(|(chunk, rows)| {
            let ids =
                Int64Array::from_iter_values((0..rows.len()).map(|row| (chunk * 997 + row) as i64));
            let texts = rows.iter().map(Option::as_deref);
            let urls: ArrayRef = match layout {
                DataType::Utf8 => Arc::new(texts.collect::<StringArray>()),
                DataType::LargeUtf8 => Arc::new(texts.collect::<LargeStringArray>()),
                _ => Arc::new(texts.collect::<StringViewArray>()),
            };
            RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(ids), urls]).unwrap()
        })
        .collect();
    let ctx = SessionContext::new();
    rfc1738_datafusion::register(&ctx);
    let table = MemTable::try_new(schema, vec![batches]).unwrap();
    ctx.register_table("urls", Arc::new(table)).unwrap();
    ctx
}

/// The one column a query selects, in the order of `id`.
async fn column(ctx: &SessionContext, expression: &str) -> ArrayRef {
    let sql = format!("SELECT {expression} FROM urls ORDER BY id");
    let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
    let columns: Vec<&dyn Array> = batches
        .iter()
        .map(|batch| batch.column(0).as_ref())
        .collect();
    concat(&columns).unwrap()
}

/// A cell as text, `None` for NULL.
fn cell(array: &dyn Array, row: usize) -> Option<String> {
    array
        .is_valid(row)
        .then(|| array_value_to_string(array, row).unwrap())
}

fn decoded(text: &str) -> String {
    String::from_utf8_lossy(rfc1738::decode::decode(text).as_bytes()).into_owned()
}

fn options(strict: bool) -> Options {
    Options::default().with_strict(strict)
}

#[tokio::test]
async fn checks_normalization_and_revisions_agree_with_the_library() {
    let inputs = inputs();
    for layout in &LAYOUTS {
        let ctx = session(layout, &inputs);
        let checked = column(&ctx, "rfc1738_check(url)").await;
        let strict = column(&ctx, "rfc1738_check_strict(url)").await;
        let normalized = column(&ctx, "rfc1738_normalize(url)").await;
        let revisions = column(&ctx, "rfc1738_revisions(url)").await;
        let (checked, strict) = (checked.as_boolean(), strict.as_boolean());
        let revisions = revisions.as_list::<i32>();
        for (row, input) in inputs.iter().enumerate() {
            let Some(text) = input else {
                for array in [&checked as &dyn Array, &strict, &normalized, &revisions] {
                    assert!(array.is_null(row), "row {row}: NULL in, NULL out");
                }
                continue;
            };
            let at = || format!("{layout} row {row}: {text:?}");
            assert_eq!(
                checked.value(row),
                rfc1738::check(Rule::Url, text).is_ok(),
                "{}",
                at()
            );
            assert_eq!(
                strict.value(row),
                rfc1738::check_with(Rule::Url, text, Options::strict()).is_ok(),
                "{}",
                at()
            );
            let expected = rfc1738::parse(text)
                .ok()
                .map(|url| url.normalized().into_owned());
            assert_eq!(cell(&normalized, row), expected, "{}", at());
            let accepting: Vec<String> = dialect::revisions(text)
                .accepting()
                .iter()
                .map(|dialect| dialect.name().to_owned())
                .collect();
            let names = revisions.value(row);
            let names: Vec<String> = names
                .as_string::<i32>()
                .iter()
                .map(|name| name.unwrap().to_owned())
                .collect();
            assert_eq!(names, accepting, "{}", at());
        }
    }
}

#[tokio::test]
async fn productions_of_every_revision_agree_with_the_library() {
    let inputs = inputs();
    let ctx = session(&DataType::Utf8View, &inputs);
    for (rule, revision) in GRAMMARS {
        let dialect = Dialect::from_name(revision).unwrap();
        for strict in [false, true] {
            let suffix = if strict { "_strict" } else { "" };
            let checked = column(
                &ctx,
                &format!("rfc1738_check{suffix}(url, '{rule}', '{revision}')"),
            )
            .await;
            let errors = column(
                &ctx,
                &format!("rfc1738_error{suffix}(url, '{rule}', '{revision}')"),
            )
            .await;
            let checked = checked.as_boolean();
            let errors = errors.as_struct();
            let field = |name: &str| errors.column_by_name(name).unwrap().clone();
            let (offset, line, column_number, found, message) = (
                field("offset"),
                field("line"),
                field("column"),
                field("found"),
                field("message"),
            );
            let (expected, stack) = (field("expected"), field("stack"));
            let list = |array: &ArrayRef, row: usize| -> Vec<String> {
                let items = array.as_list::<i32>().value(row);
                items
                    .as_string::<i32>()
                    .iter()
                    .map(|item| item.unwrap().to_owned())
                    .collect()
            };
            for (row, input) in inputs.iter().enumerate() {
                let Some(text) = input else {
                    assert!(checked.is_null(row) && errors.is_null(row));
                    continue;
                };
                let at = || format!("{rule} of {revision}, strict {strict}, row {row}: {text:?}");
                let verdict = dialect::check(dialect, rule, text, options(strict));
                assert_eq!(checked.value(row), verdict.is_ok(), "{}", at());
                let Err(error) = verdict else {
                    assert!(errors.is_null(row), "{}", at());
                    continue;
                };
                let mismatch = error.mismatch().unwrap();
                assert!(errors.is_valid(row), "{}", at());
                assert_eq!(
                    cell(&offset, row),
                    Some(mismatch.offset().to_string()),
                    "{}",
                    at()
                );
                assert_eq!(
                    cell(&line, row),
                    Some(mismatch.line().to_string()),
                    "{}",
                    at()
                );
                assert_eq!(
                    cell(&column_number, row),
                    Some(mismatch.column().to_string()),
                    "{}",
                    at()
                );
                let expected_items: Vec<String> = mismatch
                    .expected()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                assert_eq!(list(&expected, row), expected_items, "{}", at());
                let found_char = match mismatch.found() {
                    rfc1738::Unexpected::Char(c) => Some(c.to_string()),
                    _ => None,
                };
                assert_eq!(cell(&found, row), found_char, "{}", at());
                let stack_names: Vec<String> = mismatch
                    .stack()
                    .iter()
                    .map(|name| name.to_string())
                    .collect();
                assert_eq!(list(&stack, row), stack_names, "{}", at());
                assert_eq!(cell(&message, row), Some(error.to_string()), "{}", at());
            }
        }
    }
}

/// What `rfc1738_parse` should say of a URL, read off the URL's generic
/// syntax tree (`Url::syntax()`): a road through the library apart from
/// the semantics accessors the function uses.
fn parts_from_the_tree(text: &str) -> Option<BTreeMap<&'static str, String>> {
    let url = rfc1738::parse(text).ok()?;
    let tree = url.syntax();
    let nodes = tree.walk();
    let first = |name: &str| {
        nodes
            .iter()
            .find(|node| node.rule.name() == name)
            .map(|node| node.text)
    };
    let production = tree.children[0].rule.name();
    let mut parts = BTreeMap::new();
    let mut put = |key: &'static str, value: Option<String>| {
        if let Some(value) = value {
            parts.insert(key, value);
        }
    };
    put("scheme", first("scheme").map(str::to_ascii_lowercase));
    put("production", Some(production.to_owned()));
    put("user", first("user").map(decoded));
    put("password", first("password").map(decoded));
    // A news article names a host, but no server to connect to.
    let host = nodes
        .iter()
        .find(|node| node.rule.name() == "host")
        .filter(|_| production != "newsurl");
    put("host", host.map(|node| node.text.to_owned()));
    put(
        "host_kind",
        host.map(|node| node.children[0].rule.name().to_owned()),
    );
    let port = first("port");
    put("port", port.map(str::to_owned));
    let default_port = match production {
        "ftpurl" => Some(21),
        "httpurl" => Some(80),
        "gopherurl" => Some(70),
        "nntpurl" => Some(119),
        "telneturl" => Some(23),
        "waisurl" => Some(210),
        "prosperourl" => Some(1525),
        _ => None,
    };
    let effective_port = match port {
        Some(port) => port.parse::<u16>().ok(),
        None if first("hostport").is_some() => default_port,
        None => None,
    };
    put(
        "effective_port",
        effective_port.map(|port| port.to_string()),
    );
    let path = ["fpath", "hpath", "ppath", "urlpath"]
        .into_iter()
        .find_map(&first);
    put("path", path.map(str::to_owned));
    put("path_decoded", path.map(decoded));
    put("search", first("search").map(decoded));
    put("typecode", first("ftptype").map(str::to_ascii_lowercase));
    if production == "gopherurl" {
        let gopher_type =
            first("gtype").map_or(b'1', |gtype| rfc1738::decode::decode(gtype).as_bytes()[0]);
        put("gopher_type", Some(char::from(gopher_type).to_string()));
        put(
            "selector",
            Some(first("selector").map(decoded).unwrap_or_default()),
        );
        put("gopher_plus", first("gopher+_string").map(decoded));
    }
    if production == "newsurl" && first("grouppart") == Some("*") {
        put("group", Some("*".to_owned()));
    }
    put("group", first("group").map(str::to_owned));
    put("article", first("article").map(decoded));
    if production == "nntpurl" {
        let number = tree.children[0]
            .children
            .iter()
            .find(|node| node.rule.name() == "digits")
            .map(|node| node.text);
        put("article", number.map(str::to_owned));
        put(
            "article_number",
            number
                .and_then(|digits| digits.parse::<u64>().ok())
                .map(|n| n.to_string()),
        );
    }
    put("database", first("database").map(decoded));
    put("wais_type", first("wtype").map(decoded));
    put("wais_path", first("wpath").map(decoded));
    put("mailto", first("encoded822addr").map(decoded));
    Some(parts)
}

#[tokio::test]
async fn parts_agree_with_the_syntax_tree() {
    let inputs = inputs();
    let names: Vec<&str> = rfc1738_datafusion::PARSE_FIELDS
        .iter()
        .map(|field| field.name().as_str())
        .collect();
    for layout in &LAYOUTS {
        let ctx = session(layout, &inputs);
        let parsed = column(&ctx, "rfc1738_parse(url)").await;
        let parsed = parsed.as_struct();
        let mut schemes = BTreeMap::new();
        for (row, input) in inputs.iter().enumerate() {
            let expected = input.as_deref().and_then(parts_from_the_tree);
            let Some(expected) = expected else {
                assert!(
                    parsed.is_null(row),
                    "{layout} row {row}: {input:?} does not parse"
                );
                continue;
            };
            let actual: BTreeMap<&str, String> = names
                .iter()
                .zip(parsed.columns())
                .filter_map(|(name, column)| Some((*name, cell(column, row)?)))
                .collect();
            assert_eq!(actual, expected, "{layout} row {row}: {input:?}");
            *schemes.entry(expected["production"].clone()).or_insert(0) += 1;
        }
        // Every production of `parse` is among the rows compared.
        assert_eq!(schemes.len(), 11, "{schemes:?}");
        // `production` is set wherever the struct is: the planning rule
        // asks it whether a URL parses.
        let production = parsed.column_by_name("production").unwrap();
        assert_eq!(production.logical_nulls(), parsed.logical_nulls());
        // One field asked for alone is that field of the struct.
        for (index, name) in names.iter().enumerate() {
            let alone = column(&ctx, &format!("rfc1738_parse(url, '{name}')")).await;
            assert_eq!(
                alone.data_type(),
                parsed.column(index).data_type(),
                "{name}"
            );
            assert_eq!(&alone, parsed.column(index), "{layout}: {name}");
            // And so is the field taken from the struct, which the session
            // plans as the field alone.
            let accessed = column(&ctx, &format!("rfc1738_parse(url)['{name}']")).await;
            assert_eq!(&accessed, parsed.column(index), "{layout}: ['{name}']");
        }
    }
}

/// The rows, the column names and the physical plan of a query.
async fn answer(ctx: &SessionContext, sql: &str) -> (Vec<String>, Vec<String>, String) {
    let frame = ctx.sql(sql).await.unwrap();
    let names = frame
        .schema()
        .fields()
        .iter()
        .map(|field| field.name().clone())
        .collect();
    let batches = frame.collect().await.unwrap();
    let rows = datafusion::arrow::util::pretty::pretty_format_batches(&batches)
        .unwrap()
        .to_string()
        .lines()
        .map(str::to_owned)
        .collect();
    let plan = ctx.sql(&format!("EXPLAIN {sql}")).await.unwrap();
    let plan =
        datafusion::arrow::util::pretty::pretty_format_batches(&plan.collect().await.unwrap())
            .unwrap()
            .to_string();
    (names, rows, plan)
}

/// What each `rfc1738_parse` of a physical plan makes: `"struct"` (a
/// call with the URL alone) or `"field"`.
fn parse_calls(plan: &str) -> Vec<&'static str> {
    let physical = plan.split("physical_plan").nth(1).unwrap();
    physical
        .split("rfc1738_parse(url@")
        .skip(1)
        .map(|after| {
            let column = after.trim_start_matches(|c: char| c.is_ascii_digit());
            match column.starts_with(')') {
                true => "struct",
                false => "field",
            }
        })
        .collect()
}

#[tokio::test]
async fn a_field_of_the_struct_is_planned_as_that_field_alone() {
    let inputs = inputs();
    let with_rule = session(&DataType::Utf8, &inputs);
    // The same table with the functions and without the rule.
    let without = SessionContext::new();
    for function in rfc1738_datafusion::functions() {
        without.register_udf(function.as_ref().clone());
    }
    without
        .register_table("urls", with_rule.table_provider("urls").await.unwrap())
        .unwrap();
    // Each query, what its calls make (every field taken from the struct
    // is made alone, and the struct only where it is asked for), and the
    // fewest rows it answers with.
    let queries = [
        (
            "SELECT id, rfc1738_parse(url)['host'] FROM urls ORDER BY id",
            "field",
            2,
        ),
        (
            "SELECT rfc1738_parse(url)['scheme'], count(*) AS n FROM urls \
             WHERE rfc1738_parse(url)['port'] IS NOT NULL GROUP BY 1 ORDER BY 1",
            "field",
            2,
        ),
        (
            "SELECT rfc1738_parse(url)['production'] AS production, \
             max(rfc1738_parse(url)['effective_port']) FROM urls GROUP BY production ORDER BY 1",
            "field",
            2,
        ),
        (
            "SELECT id, rfc1738_parse(url)['scheme'], rfc1738_parse(url)['host'], \
             rfc1738_parse(url)['path'], rfc1738_parse(url)['search'] FROM urls ORDER BY id",
            "field",
            2,
        ),
        // The struct named once in a subquery, tested for NULL.
        (
            "SELECT p['production'] AS production, count(*) AS n, count(p['user']) AS users, \
             count(DISTINCT p['host']) AS hosts FROM (SELECT rfc1738_parse(url) AS p FROM urls) \
             WHERE p IS NOT NULL GROUP BY 1 ORDER BY 1",
            "field",
            2,
        ),
        (
            "SELECT count(*) FROM urls WHERE rfc1738_parse(url) IS NULL",
            "field",
            1,
        ),
        (
            "SELECT id, rfc1738_parse(url)['host'], rfc1738_parse(url) FROM urls ORDER BY id",
            "both",
            2,
        ),
    ];
    for (sql, made, least) in queries {
        let (names, rows, plan) = answer(&with_rule, sql).await;
        let (names_before, rows_before, plan_before) = answer(&without, sql).await;
        assert_eq!(names, names_before, "{sql}");
        assert_eq!(rows, rows_before, "{sql}");
        // The table's lines: its rows, and four of borders and header.
        assert!(rows.len() >= least + 4, "{sql}: {rows:?}");
        let calls = parse_calls(&plan);
        match made {
            "both" => assert!(
                calls.contains(&"field") && calls.contains(&"struct"),
                "{plan}"
            ),
            _ => assert!(
                !calls.is_empty() && calls.iter().all(|call| *call == made),
                "{made}: {plan}"
            ),
        }
        assert!(
            parse_calls(&plan_before).contains(&"struct"),
            "{plan_before}"
        );
    }
    // A name the struct does not have is left to `get_field`'s own error.
    let error = planning_error("SELECT rfc1738_parse(url)['hots'] FROM urls").await;
    assert!(error.contains("hots"), "{error}");
}

#[tokio::test]
async fn a_long_url_is_read_whole_in_every_function() {
    // 16 MiB: linear in time, and a batch of one row.
    let long = format!("http://h.com/{}", "a/".repeat(8 << 20));
    let broken = format!("{long} ");
    let ctx = session(
        &DataType::Utf8View,
        &[Some(long.clone()), Some(broken.clone())],
    );
    let checked = column(&ctx, "rfc1738_check(url)").await;
    assert_eq!(
        checked.as_boolean().iter().collect::<Vec<_>>(),
        [Some(true), Some(false)]
    );
    let offset = column(&ctx, "rfc1738_error(url)['offset']").await;
    assert_eq!(cell(&offset, 0), None);
    assert_eq!(cell(&offset, 1), Some(long.len().to_string()));
    let path = column(&ctx, "octet_length(rfc1738_parse(url)['path'])").await;
    assert_eq!(
        cell(&path, 0),
        Some((long.len() - "http://h.com/".len()).to_string())
    );
}

/// The error message of a query that must fail when it is planned.
async fn planning_error(sql: &str) -> String {
    let ctx = session(&DataType::Utf8, &[Some("http://h/".to_owned())]);
    let error = match ctx.sql(sql).await {
        Ok(frame) => frame.collect().await.expect_err(sql),
        Err(error) => error,
    };
    error.to_string()
}

#[tokio::test]
async fn wrong_names_are_planning_errors_that_list_the_right_ones() {
    let error = planning_error("SELECT rfc1738_check(url, 'httpaddress') FROM urls").await;
    assert!(error.starts_with("Error during planning: rfc1738_check: rfc1738 has no production \"httpaddress\"; its productions are: genericurl, url, otherurl, scheme,"), "{error}");
    let error =
        planning_error("SELECT rfc1738_error_strict(url, 'url', 'draft-04') FROM urls").await;
    assert_eq!(
        error,
        "Error during planning: rfc1738_error_strict: unknown revision \"draft-04\"; the revisions are draft-jul93, draft-oct93, draft-03 and rfc1738"
    );
    let error =
        planning_error("SELECT rfc1738_check(url, 'httpurl', 'draft-jul93') FROM urls").await;
    assert!(error.contains("draft-jul93 has no production \"httpurl\"; its productions are: fragmentaddress, url, generic,"), "{error}");
    let error = planning_error("SELECT rfc1738_check(url, url) FROM urls").await;
    assert!(
        error.contains("rfc1738_check: the rule must be a constant string"),
        "{error}"
    );
    let error = planning_error("SELECT rfc1738_check(url, 'url', lower(url)) FROM urls").await;
    assert!(
        error.contains("rfc1738_check: the revision must be a constant string"),
        "{error}"
    );
    let error = planning_error("SELECT rfc1738_parse(url, 'host', 'port') FROM urls").await;
    assert!(
        error.contains("rfc1738_parse takes one to two arguments (url, field), not 3 arguments"),
        "{error}"
    );
    let error = planning_error("SELECT rfc1738_check() FROM urls").await;
    assert!(
        error.contains(
            "rfc1738_check takes one to three arguments (url, rule, revision), not 0 arguments"
        ),
        "{error}"
    );
    let error = planning_error("SELECT rfc1738_parse(url, 'hots') FROM urls").await;
    assert!(error.contains("rfc1738_parse: the URL's parts have no field \"hots\"; the fields are: scheme, production, user,"), "{error}");
    let error = planning_error("SELECT rfc1738_parse(url, url) FROM urls").await;
    assert!(
        error.contains("rfc1738_parse: the field must be a constant string"),
        "{error}"
    );
    let error = planning_error("SELECT rfc1738_normalize(id) FROM urls").await;
    assert!(
        error.contains("rfc1738_normalize: the url must be a string, not Int64"),
        "{error}"
    );
}

#[tokio::test]
async fn constants_nulls_and_dictionaries() {
    let ctx = session(&DataType::Utf8, &[Some("HTTP://h.com/".to_owned()), None]);
    let values = |sql: &'static str| {
        let ctx = ctx.clone();
        async move {
            let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
            let batch = &batches[0];
            (0..batch.num_columns())
                .map(|index| cell(batch.column(index), 0))
                .collect::<Vec<_>>()
        }
    };
    let some = |text: &str| Some(text.to_owned());
    assert_eq!(
        values("SELECT rfc1738_check('http://a.b/'), rfc1738_check_strict('HTTP://a.b/'), rfc1738_check(NULL), rfc1738_check('a', NULL), rfc1738_check('a:b', 'url', NULL), rfc1738_normalize('HTTP://a.b/%7e')").await,
        [some("true"), some("false"), None, None, None, some("http://a.b/%7E")]
    );
    assert_eq!(
        values("SELECT rfc1738_parse('news:*')['group'], rfc1738_error('')['found'], rfc1738_error('')['message'], rfc1738_revisions(''), rfc1738_parse('http://h:8/', 'effective_port'), rfc1738_parse('http://h/', NULL)").await,
        [some("*"), None, some("1:1: expected alpha, digit, \"+\", \"-\" or \".\", found end of input (in url > otherurl > genericurl > scheme)"), some("[]"), some("8"), None]
    );
    // Every row NULL when the rule is NULL; a dictionary column read as
    // its values.
    let batches = ctx
        .sql("SELECT rfc1738_check(url, NULL) AS a, rfc1738_check(arrow_cast(url, 'Dictionary(Int32, Utf8)')) AS b FROM urls ORDER BY id")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let batch = &batches[0];
    assert_eq!(batch.column(0).null_count(), 2);
    assert_eq!(
        batch.column(1).as_boolean().iter().collect::<Vec<_>>(),
        [Some(true), None]
    );
}
